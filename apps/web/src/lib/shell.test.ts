import { describe, expect, it } from 'vitest';
import { readShell, shellAttributes } from './shell.ts';

describe('prerendered shell attributes', () => {
  it('reads back what the prerender wrote on #root', () => {
    for (const shell of [
      { language: 'ar', signedIn: true },
      { language: 'en', signedIn: false },
    ] as const) {
      const holder = document.createElement('div');
      holder.innerHTML = `<div id="root" ${shellAttributes(shell)}></div>`;
      const root = holder.firstElementChild as HTMLElement;
      expect(readShell(root)).toEqual(shell);
    }
  });

  it('finds none on a page that was not prerendered, or in an unknown language', () => {
    const root = document.createElement('div');
    expect(readShell(root)).toBeNull();
    root.dataset.shellLanguage = 'fr';
    expect(readShell(root)).toBeNull();
  });
});
