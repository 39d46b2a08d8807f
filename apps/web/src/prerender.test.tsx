import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PROTECTED_ROUTES, PUBLIC_ONLY_ROUTES } from '@makan/contract/routes';
import { act, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { App } from './app/app.tsx';
import { loadResources } from './app/i18n-resources.ts';
import { SHELL_ROUTES } from './app/route-pages.ts';
import { createI18n } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { readShell, setShell } from './lib/shell.ts';
import { setItem } from './lib/storage.ts';
import type { RenderedShell } from './prerender.tsx';
import { mockFetch, signIn } from './test/render.tsx';

/**
 * The build's prerendered pages (src/prerender.tsx) hydrate: the browser's first render produces exactly
 * their HTML, for the reader each was rendered for and for one it was not (a signed-in reader on a
 * signed-out page: the stored state renders after hydration, it does not break it).
 */

const WEB = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The pages as the build prerenders them: src/prerender.tsx built for Node as the build does (`vite
 * build --ssr`, same config) and run in a process of its own. Not in this one: React's server renderer
 * leaves the last values it rendered in the contexts it used, which the client renderer here would read.
 */
function prerenderedShells(): RenderedShell[] {
  const out = path.join(WEB, 'node_modules', `.makan-prerender-test-${process.pid}`);
  // Built and run as production, as the build does (this process runs as 'test').
  const env = { ...process.env, NODE_ENV: 'production' };
  try {
    execFileSync(
      path.join(WEB, '../../node_modules/.bin/vite'),
      ['build', '--ssr', 'src/prerender.tsx', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'],
      { cwd: WEB, stdio: 'pipe', env },
    );
    const entry = pathToFileURL(path.join(out, 'prerender.js')).href;
    const json = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { renderShells } = await import(${JSON.stringify(entry)});` +
          'process.stdout.write(JSON.stringify(await renderShells()));',
      ],
      { cwd: WEB, maxBuffer: 64 * 1024 * 1024, env },
    );
    return JSON.parse(json.toString()) as RenderedShell[];
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const fetchMock = mockFetch();
let shells: RenderedShell[] = [];
beforeAll(() => {
  shells = prerenderedShells();
}, 120_000);

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

const publicOnly = new Set<string>(PUBLIC_ONLY_ROUTES);
const cases = Object.entries(SHELL_ROUTES).flatMap(([route, { path, signedIn }]) =>
  (['en', 'ar'] as const).flatMap((language) => [
    { route, path, language, signedIn, reader: signedIn ? 'signed in' : 'signed out', leaves: false },
    // A signed-in reader on a signed-out page: it hydrates, then shows the signed-in header, or (login,
    // signup) goes home.
    ...(signedIn
      ? []
      : [{ route, path, language, signedIn: true, reader: 'signed in', leaves: publicOnly.has(route) }]),
  ]),
);

describe('prerendered pages', () => {
  it('are written for every route and language, with the page inside, not a fallback', () => {
    expect(shells.map((s) => `${s.route} ${s.language}`)).toEqual(
      Object.keys(SHELL_ROUTES).flatMap((route) => [`${route} en`, `${route} ar`]),
    );
    for (const shell of shells) {
      expect(shell.root, shell.route).toMatch(/^<div id="root" data-shell-language="(en|ar)"/);
      expect(shell.root, shell.route).toContain('<main id="main"');
      // Not the layout's loading spinner (PageSpinner), which holds the place of a page still loading.
      expect(shell.root, shell.route).not.toContain('pt-[15vh]');
      expect(shell.dir).toBe(shell.language === 'ar' ? 'rtl' : 'ltr');
      // Pages whose guard sends the other readers away say whom they are for (boot.js hides them).
      const onlyFor = PROTECTED_ROUTES.some((r) => r === shell.route)
        ? 'signed-in'
        : publicOnly.has(shell.route)
          ? 'signed-out'
          : null;
      expect(shell.onlyFor, shell.route).toBe(onlyFor);
    }
    expect(shells.find((s) => s.route === '/home')?.onlyFor).toBe('signed-in');
    expect(shells.find((s) => s.route === '/login')?.onlyFor).toBe('signed-out');
    expect(shells.find((s) => s.route === '/companies')?.onlyFor).toBeNull();
  });

  it.each(cases)(
    '$route ($language) hydrates for a $reader reader without a mismatch',
    async ({ route, path, language, signedIn, leaves }) => {
      const shell = shells.find((s) => s.route === route && s.language === language);
      if (!shell) throw new Error(`no shell for ${route} ${language}`);
      // No answer: the page stays as the prerender drew it (loading), nothing renders over the mismatch.
      fetchMock.mockImplementation(() => new Promise<Response>(() => {}));
      setItem('language', language);
      if (signedIn) signIn();
      document.body.innerHTML = shell.root;
      const container = document.getElementById('root');
      if (!container) throw new Error('no #root');
      const state = readShell(container);
      expect(state?.language).toBe(language);
      if (state) setShell(state);
      // React adopts these nodes instead of drawing new ones.
      const heading = container.querySelector('main h1');
      const footer = container.querySelector('footer');

      const recoverable: unknown[] = [];
      const consoleError = vi.spyOn(console, 'error');
      const i18n = createI18n(await loadResources(language), language);
      const At = ({ children }: { children: ReactNode }) => (
        <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
      );
      await act(async () => {
        root = hydrateRoot(container, <App i18n={i18n} queryClient={createQueryClient()} Router={At} />, {
          onRecoverableError: (error) => recoverable.push(error),
        });
      });
      // Hydrated once the page's own content answers to React (lazy pages and texts loaded).
      await waitFor(() => {
        const main = container.querySelector('main');
        expect(main && Object.keys(main).some((key) => key.startsWith('__reactFiber'))).toBe(true);
        expect(
          Object.keys(container.querySelector('main h1, main form, main [data-testid]') ?? {}).some((key) =>
            key.startsWith('__reactFiber'),
          ),
        ).toBe(true);
      });
      expect(recoverable).toEqual([]);
      const hydrationWarnings = consoleError.mock.calls.filter((args) => /hydrat/i.test(String(args[0])));
      expect(hydrationWarnings).toEqual([]);
      if (!leaves) {
        expect(footer && container.contains(footer)).toBe(true);
        if (heading) expect(container.contains(heading)).toBe(true);
      } else {
        // Gone to a signed-in page: it waits for the signed-in texts, and draws once they are there.
        await waitFor(() =>
          expect(container.querySelector('main')?.getAttribute('aria-busy')).not.toBe('true'),
        );
        await waitFor(() => expect(i18n.getResource(language, 'translation', 'chat')).toBeDefined());
      }
      consoleError.mockRestore();
    },
  );
});
