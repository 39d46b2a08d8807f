import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { HTTP_TEXT } from '@makan/contract/texts';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import type { App } from './lib/http.ts';
import { createTestApp } from './test/test-app.ts';

let app: App;
let close: () => Promise<void>;
const webDist = mkdtempSync(path.join(tmpdir(), 'makan-web-'));

beforeAll(async () => {
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Makan</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  // As the web build writes them: a brotli and a gzip copy beside each text asset.
  const script = 'console.log("app")';
  writeFileSync(path.join(webDist, 'assets', 'app-def456.js'), script);
  writeFileSync(path.join(webDist, 'assets', 'app-def456.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(webDist, 'assets', 'app-def456.js.gz'), gzipSync(script));
  writeFileSync(path.join(webDist, 'boot.js'), '/* boot */');
  writeFileSync(path.join(webDist, 'sw.js'), '/* service worker */');
  writeFileSync(path.join(webDist, 'manifest-ar.webmanifest'), '{"lang":"ar","dir":"rtl"}');
  // Source maps, as a build with maps writes them (compressed copies too): never served.
  const map = '{"version":3,"sources":["../../src/secret-source.tsx"],"mappings":""}';
  writeFileSync(path.join(webDist, 'assets', 'app-def456.js.map'), map);
  writeFileSync(path.join(webDist, 'assets', 'app-def456.js.map.gz'), gzipSync(map));
  writeFileSync(path.join(webDist, 'assets', 'app-def456.js.map.br'), brotliCompressSync(map));
  // As the web build writes it: each route's page chunks.
  writeFileSync(
    path.join(webDist, 'route-preloads.json'),
    JSON.stringify({
      '/login': ['/assets/login-page-aaa.js', '/assets/form-bbb.js'],
      '/post/:id': ['/assets/post-pages-ccc.js'],
      '/about': ['/assets/info-pages-ddd.js'],
    }),
  );
  // As the web build writes them: some routes prerendered in each language.
  mkdirSync(path.join(webDist, 'shells', 'en'), { recursive: true });
  mkdirSync(path.join(webDist, 'shells', 'ar'), { recursive: true });
  for (const [name, language] of [
    ['login', 'en'],
    ['login', 'ar'],
    ['post-id', 'en'],
    ['post-id', 'ar'],
  ] as const) {
    writeFileSync(
      path.join(webDist, 'shells', language, `${name}.html`),
      `<!doctype html><html lang="${language}"><head><title>Makan</title></head><body><div id="root" data-shell-language="${language}">${name} page in ${language}</div></body></html>`,
    );
  }
  writeFileSync(
    path.join(webDist, 'shells.json'),
    JSON.stringify({
      '/login': { en: 'shells/en/login.html', ar: 'shells/ar/login.html' },
      '/post/:id': { en: 'shells/en/post-id.html', ar: 'shells/ar/post-id.html' },
    }),
  );
  const t = await createTestApp({ WEB_DIST: webDist });
  app = t.app;
  app.get('/api/test/boom', async () => {
    throw new Error('secret internal detail at /srv/makan/db.ts:42');
  });
  await app.ready();
  close = () => app.close();
});
afterAll(async () => {
  await close?.();
  rmSync(webDist, { recursive: true, force: true });
});

describe('response envelope and error shapes', () => {
  it('answers an unknown /api path with the JSON 404 envelope', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/api/no/such/thing' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ request_id: expect.any(String), status: false, message: HTTP_TEXT[404] });
    }
  });

  it('answers a thrown bug with a 500 that leaks nothing', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ request_id: expect.any(String), status: false, message: HTTP_TEXT[500] });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('.ts');
  });

  it('answers malformed JSON with a 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"firstName": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ request_id: expect.any(String), status: false, message: HTTP_TEXT[400] });
  });

  it('answers a body over the limit with a 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ request_id: expect.any(String), status: false, message: HTTP_TEXT[413] });
  });

  it('answers invalid input with a 422 and messages per field', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/cities?limit=0' });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.status).toBe(false);
    expect(body.message).toBe(HTTP_TEXT[422]);
    expect(Object.keys(body.errors)).toEqual(['limit']);
    expect(Array.isArray(body.errors.limit)).toBe(true);
  });
});

describe('health', () => {
  it('reports live and ready with the database checked', async () => {
    expect((await app.inject('/health/live')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });
});

describe('OpenAPI', () => {
  it('publishes an OpenAPI 3 document generated from the route schemas', async () => {
    const res = await app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Makan API');
    expect(doc.paths['/api/cities'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['q', 'limit']),
    );
    const contact = doc.paths['/api/contact'].post;
    expect(contact.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['firstName', 'lastName', 'email', 'phone', 'subject', 'message']),
    );
    expect(contact.responses['201']).toBeDefined();
    const validation = await new Validator().validate(doc);
    expect(validation.errors ?? []).toEqual([]);
    expect(validation.valid).toBe(true);
  });

  it('serves the browsable docs page', async () => {
    const res = await app.inject('/api/docs');
    expect([200, 302]).toContain(res.statusCode);
  });
});

describe('web app serving', () => {
  it('serves index.html, uncached, for the client routes', async () => {
    for (const url of ['/', '/signup', '/post/12', '/chat/4/settings', '/messages', '/about?x=1']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root"');
    }
  });

  it("names the route's page chunks as modulepreload links, so they download beside the entry", async () => {
    const about = await app.inject('/about?x=1');
    expect(about.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/info-pages-ddd.js"></head>',
    );
    expect(about.body).not.toContain('login-page');
    for (const url of ['/about/extra', '/signup', '/no-such-page']) {
      expect((await app.inject(url)).body, url).not.toContain('modulepreload');
    }
  });

  it('names them in meta tags on a prerendered page, which loads its scripts once it has painted', async () => {
    const login = await app.inject('/login?redirect=%2Fhome');
    expect(login.body).toContain(
      '<meta name="makan-module" content="/assets/login-page-aaa.js"><meta name="makan-module" content="/assets/form-bbb.js"></head>',
    );
    expect(login.body).not.toContain('modulepreload');
    const post = await app.inject('/post/12');
    expect(post.body).toContain('<meta name="makan-module" content="/assets/post-pages-ccc.js">');
  });

  it("sends a route's prerendered page in the reader's language, from the language cookie", async () => {
    const english = await app.inject('/login');
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('login page in en');
    expect(english.headers['cache-control']).toBe('no-cache');
    expect(String(english.headers.vary)).toMatch(/cookie/i);
    const arabic = await app.inject({
      url: '/login?redirect=%2Fhome',
      headers: { cookie: 'theme=dark; language=ar' },
    });
    expect(arabic.body).toContain('login page in ar');
    // The route's page chunks are named there too.
    expect(arabic.body).toContain('content="/assets/login-page-aaa.js"');
    const post = await app.inject({ url: '/post/12', headers: { cookie: 'language=ar' } });
    expect(post.body).toContain('post-id page in ar');
    // No cookie, or one the app never sets: English, the app's default.
    for (const cookie of ['language=fr', 'lang=ar', 'xlanguage=ar']) {
      expect((await app.inject({ url: '/login', headers: { cookie } })).body, cookie).toContain(
        'login page in en',
      );
    }
    // Routes the build did not prerender get index.html.
    const signup = await app.inject({ url: '/signup', headers: { cookie: 'language=ar' } });
    expect(signup.body).toContain('<div id="root"></div>');
  });

  it('serves the prerendered pages only at their routes', async () => {
    for (const url of ['/shells/en/login.html', '/shells/ar/post-id.html', '/shells/en/']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('page in');
    }
  });

  it('compresses pages for browsers that accept it', async () => {
    const br = await app.inject({ url: '/login', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('login page in en');
    const gz = await app.inject({ url: '/no-such-page', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.statusCode).toBe(404);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<div id="root">');
    const refused = await app.inject({ url: '/login', headers: { 'accept-encoding': 'br;q=0, gzip;q=0.5' } });
    expect(refused.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/login', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('login page in en');
  });

  it('serves the app with a 404 status for unknown pages, so it shows its 404 screen', async () => {
    const res = await app.inject('/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('caches hashed assets for a year and revalidates other files', async () => {
    const asset = await app.inject('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const boot = await app.inject('/boot.js');
    expect(boot.headers['cache-control']).toBe('no-cache');
    const missing = await app.inject('/assets/index-missing.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      request_id: expect.any(String),
      status: false,
      message: HTTP_TEXT[404],
    });
  });

  it('sends the service worker and the manifests to be revalidated every time, as what they are', async () => {
    // A cached worker script would hold every open app on the old build until the cache expired.
    const worker = await app.inject('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-type']).toContain('javascript');
    const manifest = await app.inject('/manifest-ar.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.json()).toEqual({ lang: 'ar', dir: 'rtl' });
  });

  it('sends the precompressed copy of an asset the browser can decode, the file itself otherwise', async () => {
    const br = await app.inject({ url: '/assets/app-def456.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("app")');
    const gz = await app.inject({ url: '/assets/app-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({
      url: '/assets/app-def456.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');
  });

  it('never serves source maps, however they are asked for', async () => {
    for (const url of [
      '/assets/app-def456.js.map',
      '/assets/APP-def456.js.MAP',
      '/assets/app-def456.js.map?x=1',
      '/assets/app-def456.js.map.gz',
      '/assets/app-def456.js.map.br',
      '/assets/app-def456.js%2Emap',
      '/assets/./app-def456.js.map',
      '/assets/../assets/app-def456.js.map',
      '//assets/app-def456.js.map',
    ]) {
      for (const encoding of ['identity', 'gzip, br']) {
        const res = await app.inject({ url, headers: { 'accept-encoding': encoding } });
        expect(res.statusCode, `${url} (${encoding})`).toBe(404);
        expect(res.body, url).not.toContain('secret-source');
      }
    }
  });

  it('sends security headers with a self-only content security policy', async () => {
    const res = await app.inject('/signup');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('refuses bad values with a message naming each one', () => {
    const bad = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', SMTP_URL: 'nope' });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain('PORT="eighty"');
      expect(message).toContain('DATABASE_URL="mysql://x"');
      expect(message).toContain('LOG_LEVEL="loud"');
      expect(message).toContain('SMTP_URL="nope"');
    }
  });
});
