import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../lib/http.ts';
import { createTestApp } from '../test/test-app.ts';

/**
 * Security headers on every kind of response (issue 8): the web app's pages, the API (success and
 * failure) and stored media all carry a Content-Security-Policy that forbids framing and inline
 * scripts, nosniff and a Referrer-Policy.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const sourceIndex = path.join(repoRoot, 'apps/web/index.html');
const builtDist = path.join(repoRoot, 'apps/web/dist');
const builtIndex = path.join(builtDist, 'index.html');
/**
 * The built page when there is one, read once as the file loads: CI builds the web app for the browser
 * journeys while this suite may run on PostgreSQL beside it, and a build empties dist/ first.
 */
const builtPage = (() => {
  try {
    return readFileSync(builtIndex, 'utf8');
  } catch {
    return undefined;
  }
})();

/** The built pages prerendered per route and language (dist/shells.json), read as the file loads too. */
const builtShells = (() => {
  try {
    const routes = JSON.parse(readFileSync(path.join(builtDist, 'shells.json'), 'utf8')) as Record<
      string,
      Record<string, string>
    >;
    return Object.values(routes).flatMap((files) =>
      Object.values(files).map((file) => ({ file, html: readFileSync(path.join(builtDist, file), 'utf8') })),
    );
  } catch {
    return [];
  }
})();

let app: App;
const webDist = mkdtempSync(path.join(tmpdir(), 'makan-web-'));
const mediaUrl = `/media/profile_pictures/${'ab'.repeat(16)}-192.webp`;

beforeAll(async () => {
  // The real page (its source), so the policy is checked against the scripts it really has.
  copyFileSync(sourceIndex, path.join(webDist, 'index.html'));
  writeFileSync(path.join(webDist, 'boot.js'), '/* boot */');
  const t = await createTestApp({ WEB_DIST: webDist, PUBLIC_URL: 'https://makan.example' });
  app = t.app;
  const pictures = path.join(t.config.dataDir, 'media', 'profile_pictures');
  mkdirSync(pictures, { recursive: true });
  writeFileSync(
    path.join(t.config.dataDir, mediaUrl.replace('/media/', 'media/')),
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#098' } })
      .webp()
      .toBuffer(),
  );
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** The policy as directive → sources. */
function policy(header: unknown): Map<string, string[]> {
  expect(typeof header, 'content-security-policy header').toBe('string');
  const map = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

const RESPONSES = [
  { name: 'the home page', url: '/', status: 200, type: 'text/html' },
  { name: 'the login page', url: '/login', status: 200, type: 'text/html' },
  { name: 'an unknown page', url: '/no/such/page', status: 404, type: 'text/html' },
  { name: 'an API answer', url: '/api/cities', status: 200, type: 'application/json' },
  { name: 'an API failure', url: '/api/user', status: 401, type: 'application/json' },
  { name: 'a media file', url: mediaUrl, status: 200, type: 'image/webp' },
  {
    name: 'a missing media file',
    url: '/media/profile_pictures/nothing.webp',
    status: 404,
    type: 'application/json',
  },
] as const;

describe.each(RESPONSES)('$name ($url)', ({ url, status, type }) => {
  it('carries the security headers', async () => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
    expect(String(res.headers['content-type'])).toContain(type);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(['no-referrer', 'strict-origin-when-cross-origin', 'same-origin']).toContain(
      res.headers['referrer-policy'],
    );

    const csp = policy(res.headers['content-security-policy']);
    // Never framed by another site (clickjacking); the old header too, for old browsers.
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
    // Scripts from this origin only: nothing inline, no eval, no other host, no data: or blob:.
    const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
    expect(scripts).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    for (const [directive, sources] of csp) {
      expect(sources, directive).not.toContain('*');
      expect(sources, directive).not.toContain("'unsafe-eval'");
    }
  });
});

/** Every header the security layer sets: the same values on every kind of answer, whatever path made it. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

it('every kind of answer carries the same security headers, a refused body and a wrong method too', async () => {
  const headersOf = (res: { headers: Record<string, unknown> }) =>
    Object.fromEntries(SECURITY_HEADERS.map((name) => [name, res.headers[name]]));
  const first = headersOf(await app.inject({ method: 'GET', url: '/' }));
  for (const name of SECURITY_HEADERS) expect(first[name], name).toEqual(expect.any(String));
  const others = [
    ...RESPONSES.map(({ url }) => app.inject({ method: 'GET', url })),
    app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    }),
    app.inject({ method: 'DELETE', url: '/api/cities' }),
  ];
  for (const res of await Promise.all(others)) expect(headersOf(res), res.raw.req.url).toEqual(first);
});

describe('the opener policy', () => {
  it('keeps the app from being reached by windows it did not open, but lets its sign-in popup report back', async () => {
    for (const url of ['/', '/login', '/api/cities']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin-allow-popups');
    }
    // The popup comes back from LinkedIn's origin: any other policy on this page cuts it from its
    // opener (a new browsing context group), and the code never reaches the window that asked.
    const callback = await app.inject({ method: 'GET', url: '/linkedin-callback?code=x&state=y' });
    expect(callback.statusCode).toBe(200);
    expect(callback.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    // The rest of the security headers stay.
    expect(callback.headers['x-frame-options']).toBe('DENY');
  });
});

describe('the page works under that policy', () => {
  /** Inline scripts and event-handler attributes would be blocked by script-src 'self'. */
  function inlineScripts(html: string): string[] {
    const found: string[] = [];
    for (const tag of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      const attrs = tag[1] ?? '';
      const body = (tag[2] ?? '').trim();
      if (!/\bsrc\s*=/.test(attrs) || body) found.push(tag[0].slice(0, 80));
    }
    for (const handler of html.matchAll(/<[^>]+\son[a-z]+\s*=/gi)) found.push(handler[0].slice(0, 80));
    for (const link of html.matchAll(/(?:href|src)\s*=\s*["']?\s*javascript:/gi)) found.push(link[0]);
    return found;
  }

  it('the served page has no inline script, handler or javascript: link', async () => {
    const res = await app.inject('/login');
    expect(inlineScripts(res.body)).toEqual([]);
  });

  it.runIf(builtPage !== undefined)('nor has the built page', () => {
    expect(inlineScripts(builtPage ?? '')).toEqual([]);
  });

  it.runIf(builtShells.length > 0)('nor has any page the build prerendered', () => {
    for (const { file, html } of builtShells) expect(inlineScripts(html), file).toEqual([]);
  });
});
