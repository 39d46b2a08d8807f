import { useEffect } from 'react';
import { isLanguage, type Language } from './storage.ts';

/**
 * What a page's prerendered HTML (a "shell", written at build time by src/prerender.tsx) was rendered
 * for. Hydration must render exactly what the shell holds, so the hooks that read the reader's stored
 * state (signed in, language) answer the shell's values as their server snapshot
 * (`useSyncExternalStore`): on the server, and in the browser while React hydrates. Right after, React
 * renders again with the reader's own values where they differ (a signed-in reader on a signed-out
 * shell sees the signed-in header).
 */
export type Shell = { language: Language; signedIn: boolean };

let shell: Shell = { language: 'en', signedIn: false };

/** Sets the shell being rendered (the prerender) or hydrated (main.tsx). */
export function setShell(next: Shell): void {
  shell = next;
}

export const shellSignedIn = (): boolean => shell.signedIn;
export const shellLanguage = (): Language => shell.language;

/** The attributes of #root that say what its prerendered HTML holds; `readShell` reads them back. */
export function shellAttributes({ language, signedIn }: Shell): string {
  return `data-shell-language="${language}" data-shell-signed-in="${signedIn}"`;
}

/** The shell #root holds, or null when it holds no prerendered page. */
export function readShell(root: HTMLElement): Shell | null {
  const language = root.dataset.shellLanguage;
  if (!isLanguage(language)) return null;
  return { language, signedIn: root.dataset.shellSignedIn === 'true' };
}

/**
 * Marks the page interactive once React has hydrated (or drawn) what holds it: until then the buttons
 * of a prerendered page take no click (styles.css), and boot.js stops a form from being sent by the
 * browser itself (Enter in a field).
 */
export function useInteractive(): void {
  useEffect(() => {
    document.documentElement.dataset.interactive = '';
    markInteractive();
    sendPendingForm();
  }, []);
}

/**
 * A form someone sent before the page was hydrated (boot.js stopped the browser and marked it) is sent
 * now, to the app's own handler: a submit event, not `requestSubmit`, so that whatever happens the
 * browser never sends it itself. Its fields keep what was typed (they are not controlled by React).
 */
function sendPendingForm(): void {
  const form = document.querySelector('form[data-submit-pending]');
  if (!form) return;
  form.removeAttribute('data-submit-pending');
  form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
}

let markInteractive = () => {};
const interactive = new Promise<void>((resolve) => {
  markInteractive = resolve;
});

/** Settles once the page has been hydrated (or drawn) and answers to input (`useInteractive`). */
export function whenInteractive(): Promise<void> {
  return interactive;
}
