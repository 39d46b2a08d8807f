import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THEME_COLORS } from './lib/theme.ts';

/** public/boot.js, run as the browser runs it: a classic script in <head>, before <body> is parsed. */
const BOOT = readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '../public/boot.js'),
  'utf8',
);
const boot = () => new Function(BOOT)();

const html = document.documentElement;

beforeEach(() => {
  // Each run of boot.js leaves its timers and listeners behind: fake timers, and a page that has loaded.
  vi.useFakeTimers();
  document.dispatchEvent(new Event('DOMContentLoaded'));
  vi.stubGlobal('requestAnimationFrame', (run: () => void) => setTimeout(run, 0));
  html.lang = 'en';
  html.className = '';
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the test's cookie.
  document.cookie = 'language=; Path=/; Max-Age=0';
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  vi.clearAllTimers();
  // The stub first: it was put over the fake clock's requestAnimationFrame, and restoring it after the
  // clock would put the fake one back for good.
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A prerendered page's head as the build writes it (apps/web/vite.config.ts, deferScripts). */
function prerenderedHead({ language = 'en', onlyFor = '' } = {}) {
  html.lang = language;
  document.head.innerHTML = [
    onlyFor && `<meta name="makan-only-for" content="${onlyFor}">`,
    '<meta name="makan-entry" content="/assets/index-abc.js">',
  ].join('');
}

const scripts = () => [...document.head.querySelectorAll('script')].map((s) => s.getAttribute('src'));

describe('boot.js', () => {
  it('applies the stored theme and language, and keeps the language cookie in step', () => {
    localStorage.setItem('language', 'ar');
    localStorage.setItem('theme', 'dark');
    boot();
    expect(html).toHaveAttribute('lang', 'ar');
    expect(html).toHaveAttribute('dir', 'rtl');
    expect(html).toHaveClass('dark');
    expect(document.cookie.split('; ')).toContain('language=ar');
  });

  it("names the reader's language's manifest and the theme's colour for the browser's bars", () => {
    document.head.innerHTML =
      '<link rel="manifest" href="/manifest-en.webmanifest"><meta name="theme-color" content="#ffffff">';
    localStorage.setItem('language', 'ar');
    localStorage.setItem('theme', 'dark');
    boot();
    expect(document.querySelector('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest-ar.webmanifest',
    );
    expect(document.querySelector('meta[name="theme-color"]')).toHaveAttribute('content', THEME_COLORS.dark);
    localStorage.clear();
    boot();
    expect(document.querySelector('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest-en.webmanifest',
    );
    expect(document.querySelector('meta[name="theme-color"]')).toHaveAttribute('content', THEME_COLORS.light);
  });

  it("loads a prerendered page's script once the page has painted, not before", () => {
    prerenderedHead();
    boot();
    expect(scripts()).toEqual([]);
    vi.runAllTimers();
    expect(scripts()).toEqual(['/assets/index-abc.js']);
  });

  it.each([
    ['a page in the other language', { language: 'en' }, 'ar', null],
    ['a signed-in page for a visitor', { language: 'en', onlyFor: 'signed-in' }, 'en', null],
    ['the login form for someone signed in', { language: 'en', onlyFor: 'signed-out' }, 'en', 'token'],
  ])('empties %s and loads the app at once', (_, head, stored, token) => {
    localStorage.setItem('language', stored);
    if (token) localStorage.setItem('auth_token', token);
    prerenderedHead(head);
    boot();
    document.body.innerHTML = '<div id="root" data-shell-language="en"><main>page</main></div>';
    document.dispatchEvent(new Event('DOMContentLoaded'));
    const root = document.getElementById('root');
    expect(root?.childElementCount).toBe(0);
    expect(root).not.toHaveAttribute('data-shell-language');
    expect(scripts()).toEqual(['/assets/index-abc.js']);
  });

  it('keeps the browser from sending a form itself until the app has hydrated, and marks it for the app', () => {
    boot();
    document.body.innerHTML = '<form><input name="password"></form>';
    const form = document.querySelector('form');
    const before = new Event('submit', { cancelable: true, bubbles: true });
    form?.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(true);
    // Marked, so the app sends it once it has hydrated the page (lib/shell.ts).
    expect(form).toHaveAttribute('data-submit-pending');
    html.dataset.interactive = '';
    const after = new Event('submit', { cancelable: true, bubbles: true });
    form?.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
    delete html.dataset.interactive;
  });

  describe('reads a signed-in page makes first', () => {
    const READS = JSON.stringify({
      '/post/:id': [{ url: '/api/posts/:id', image: 'data.media.0.url' }],
      '/chat/:id': [
        { url: '/api/chat/conversations?page=1' },
        { url: '/api/chat/conversations/:id/messages?page=1' },
      ],
    });
    const withReads = () => {
      document.head.innerHTML = `<meta name="makan-early-reads" content="${READS.replaceAll('"', '&quot;')}">`;
    };
    const asked = () =>
      vi.mocked(fetch).mock.calls.map(([url, init]) => ({ url, headers: (init as RequestInit).headers }));
    beforeEach(() => {
      vi.stubGlobal(
        'fetch',
        vi.fn(() => Promise.resolve(new Response('{}'))),
      );
      localStorage.clear();
      globalThis.__makanEarlyReads = undefined;
    });

    it("starts them with the stored session and language, the route's number in its place", () => {
      localStorage.setItem('auth_token', 'tok-1');
      localStorage.setItem('language', 'ar');
      withReads();
      window.history.replaceState(null, '', '/chat/42');
      boot();
      expect(asked()).toEqual([
        {
          url: '/api/chat/conversations?page=1',
          headers: expect.objectContaining({ Authorization: 'Bearer tok-1', 'Accept-Language': 'ar' }),
        },
        {
          url: '/api/chat/conversations/42/messages?page=1',
          headers: expect.objectContaining({ Authorization: 'Bearer tok-1' }),
        },
      ]);
      expect(globalThis.__makanEarlyReads?.map((read) => [read.url, read.token, read.language])).toEqual([
        ['/api/chat/conversations?page=1', 'tok-1', 'ar'],
        ['/api/chat/conversations/42/messages?page=1', 'tok-1', 'ar'],
      ]);
    });

    it('preloads the photo the answer names, once it arrives, and nothing when it names none', async () => {
      vi.useRealTimers();
      localStorage.setItem('auth_token', 'tok-1');
      const post = (media: unknown[]) =>
        Promise.resolve(new Response(JSON.stringify({ status: true, data: { media } })));
      const preloads = () =>
        [...document.head.querySelectorAll('link[rel="preload"]')].map((link) => [
          link.getAttribute('as'),
          link.getAttribute('href'),
          link.getAttribute('fetchpriority'),
        ]);
      for (const [media, expected] of [
        [
          [{ url: '/media/posts/9.webp' }, { url: '/media/posts/10.webp' }],
          [['image', '/media/posts/9.webp', 'high']],
        ],
        [[], []],
        [[{ url: 'javascript:alert(1)' }], []],
        [[{ url: '//elsewhere.example/x.webp' }], []],
      ] as const) {
        withReads();
        vi.mocked(fetch).mockImplementationOnce(() => post([...media]));
        window.history.replaceState(null, '', '/post/9');
        boot();
        await vi.waitFor(() => expect(globalThis.__makanEarlyReads).toHaveLength(1));
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(preloads()).toEqual(expected);
      }
    });

    it('reads nothing for a visitor, another route, or a parameter that is not a number', () => {
      withReads();
      window.history.replaceState(null, '', '/post/7');
      boot();
      localStorage.setItem('auth_token', 'tok-1');
      for (const path of ['/post/7%2F..%2Fusers', '/post/abc', '/post/7/x', '/home', '/chat']) {
        window.history.replaceState(null, '', path);
        boot();
      }
      expect(asked()).toEqual([]);
      window.history.replaceState(null, '', '/post/7/');
      boot();
      expect(asked().map((read) => read.url)).toEqual(['/api/posts/7']);
    });
  });
});
