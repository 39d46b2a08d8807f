import { PROTECTED_ROUTES, PUBLIC_ONLY_ROUTES } from '@makan/contract/routes';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/app.tsx';
import { loadResources } from './app/i18n-resources.ts';
import { SHELL_ROUTES } from './app/route-pages.ts';
import { createI18n, directionOf, LANGUAGES, type Language } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { type Shell, setShell, shellAttributes } from './lib/shell.ts';

/**
 * `path`'s page as the browser's first render draws it for `shell`, before any data has arrived (no
 * request is made: queries stay pending and show their skeletons). Lazy pages and texts are awaited,
 * and every Suspense boundary is written complete, in place (no chunk size makes React move a large
 * one to the end behind a script that swaps it in): the HTML holds the page itself.
 */
async function renderShell(path: string, shell: Shell, i18n: I18n): Promise<{ head: string; body: string }> {
  setShell(shell);
  const At = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={path}>{children}</StaticRouter>
  );
  const { prelude } = await prerender(<App i18n={i18n} queryClient={createQueryClient()} Router={At} />, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const html = await new Response(prelude).text();
  if (html.includes('<!--$?-->') || html.includes('<script')) {
    throw new Error(`the prerendered ${path} holds a fallback or a script, not the page itself`);
  }
  // What the page renders for <head> (an info page's <title>) comes first; it goes in the head.
  const head = HOISTED.exec(html)?.[0] ?? '';
  return { head, body: html.slice(head.length) };
}

/** The build names these in index.html too (vite.config.ts, `prerenderShells`): this module can load them. */
export { EARLY_READS } from './app/early-reads.ts';

/** Elements React hoists to <head>, as its prerender writes them before the page. */
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)+/;

export type RenderedShell = {
  /** The route pattern it stands for (SHELL_ROUTES). */
  route: string;
  language: Language;
  dir: 'ltr' | 'rtl';
  /** What goes in <head> (a <title>, when the page sets one by rendering it). */
  head: string;
  /**
   * Who the route lets in, when its guard sends the other readers elsewhere (signup, or home): boot.js
   * then shows nothing of the page to them, instead of a page they are about to leave.
   */
  onlyFor: 'signed-in' | 'signed-out' | null;
  /** The #root element, with the page inside and the attributes main.tsx reads (lib/shell.ts). */
  root: string;
};

/**
 * Every page of SHELL_ROUTES in every language: run by the build (`prerenderShells` in
 * apps/web/vite.config.ts), which writes them into index.html as dist/shells/<language>/….html.
 */
const protectedRoutes = new Set<string>(PROTECTED_ROUTES);
const publicOnlyRoutes = new Set<string>(PUBLIC_ONLY_ROUTES);

export async function renderShells(): Promise<RenderedShell[]> {
  // One instance per language: texts loaded for one page are there for the next.
  const instances = new Map<Language, I18n>();
  const i18nOf = async (language: Language) => {
    const known = instances.get(language);
    if (known) return known;
    const i18n = createI18n(await loadResources(language), language);
    instances.set(language, i18n);
    return i18n;
  };
  const rendered: RenderedShell[] = [];
  for (const [route, { path, signedIn }] of Object.entries(SHELL_ROUTES)) {
    for (const language of LANGUAGES) {
      const shell = { language, signedIn };
      const { head, body } = await renderShell(path, shell, await i18nOf(language));
      rendered.push({
        route,
        language,
        dir: directionOf(language),
        head,
        onlyFor: protectedRoutes.has(route) ? 'signed-in' : publicOnlyRoutes.has(route) ? 'signed-out' : null,
        root: `<div id="root" ${shellAttributes(shell)}>${body}</div>`,
      });
    }
  }
  return rendered;
}
