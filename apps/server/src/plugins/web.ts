import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { LANGUAGE_COOKIE } from '@makan/contract/cookies';
import { LANGUAGES, type Language } from '@makan/contract/languages';
import { CLIENT_ROUTE_PREFIXES } from '@makan/contract/routes';
import { HTTP_TEXT } from '@makan/contract/texts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../lib/http.ts';

const SERVER_PREFIXES = ['api', 'health', 'media', 'socket.io'];

/** What a link preview (Open Graph, Twitter card) shows of a client route; absolute URLs. */
export type PagePreview = { title: string; description: string; image: string | null; url: string };
/** Answers the preview of a path it knows (e.g. /post/12), or undefined to serve index.html as is. */
export type PagePreviewProvider = (pathname: string) => Promise<PagePreview | undefined>;

const previewProviders = new WeakMap<object, PagePreviewProvider[]>();

/**
 * Lets a module describe some client routes to link-preview crawlers: their index.html gets Open
 * Graph and Twitter meta tags. Registered before registerWeb's not-found handler runs, any order.
 */
export function addPagePreview(app: App, provider: PagePreviewProvider) {
  const list = previewProviders.get(app) ?? [];
  list.push(provider);
  previewProviders.set(app, list);
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function previewTags(preview: PagePreview): string {
  const meta = (attr: 'property' | 'name', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;
  return [
    meta('property', 'og:type', 'article'),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', preview.url),
    ...(preview.image ? [meta('property', 'og:image', preview.image)] : []),
    meta('name', 'twitter:card', preview.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
    ...(preview.image ? [meta('name', 'twitter:image', preview.image)] : []),
  ].join('');
}

/** index.html with the preview's tags before </head>; a failing provider only loses the tags. */
async function withPreview(app: App, html: string, pathname: string, request: FastifyRequest) {
  for (const provider of previewProviders.get(app) ?? []) {
    try {
      const preview = await provider(pathname);
      if (preview) return html.replace('</head>', `${previewTags(preview)}</head>`);
    } catch (err) {
      request.log.warn({ err, pathname }, 'page preview failed');
    }
  }
  return html;
}
const clientPrefixes = new Set<string>(CLIENT_ROUTE_PREFIXES);

/** A source map, or a compressed copy of one (any case: file systems may not care). */
const isSourceMap = (pathname: string) => /\.map(\.(gz|br))?$/i.test(pathname);

/** A client route pattern ('/post/:id') as a regular expression over a request's path. */
const routePattern = (route: string) =>
  new RegExp(
    `^${route
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}/?$`,
  );

type RoutePreload = { pattern: RegExp; files: string[] };

/**
 * The build's route-preloads.json (apps/web/vite.config.ts): for each client route, its page's chunks
 * as modulepreload links, so they download beside the entry instead of after it has run.
 */
async function loadRoutePreloads(webDist: string): Promise<RoutePreload[]> {
  const file = path.join(webDist, 'route-preloads.json');
  if (!existsSync(file)) return [];
  const routes = JSON.parse(await readFile(file, 'utf8')) as Record<string, string[]>;
  return Object.entries(routes).map(([route, files]) => ({ pattern: routePattern(route), files }));
}

/**
 * The page with its route's chunks named as modulepreload links. A prerendered page paints from its
 * HTML and stylesheet and loads its scripts once it has (boot.js): there they are named in meta tags,
 * as the build names the entry's own.
 */
function withPreloads(
  html: string,
  pathname: string,
  preloads: RoutePreload[],
  prerendered: boolean,
): string {
  const route = preloads.find((candidate) => candidate.pattern.test(pathname));
  if (!route) return html;
  const tags = route.files
    .map((file) =>
      prerendered
        ? `<meta name="makan-module" content="${escapeHtml(file)}">`
        : `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`,
    )
    .join('');
  return html.replace('</head>', `${tags}</head>`);
}

/** A route's prerendered pages, one per language, read from the build. */
type Shell = { pattern: RegExp; pages: Partial<Record<Language, string>> };

/**
 * The build's shells.json (apps/web/vite.config.ts, `prerenderShells`): for some client routes, the page
 * prerendered in each language (index.html with the page inside #root), sent instead of index.html so
 * the page paints before its script has run; the browser then hydrates it. Files are read once.
 */
async function loadShells(webDist: string): Promise<Shell[]> {
  const file = path.join(webDist, 'shells.json');
  if (!existsSync(file)) return [];
  const routes = JSON.parse(await readFile(file, 'utf8')) as Record<string, Record<string, string>>;
  return Promise.all(
    Object.entries(routes).map(async ([route, files]) => {
      const pages: Shell['pages'] = {};
      for (const language of LANGUAGES) {
        const page = files[language];
        if (page) pages[language] = await readFile(path.join(webDist, page), 'utf8');
      }
      return { pattern: routePattern(route), pages };
    }),
  );
}

/**
 * The reader's language, as the web app keeps it in the language cookie (`LANGUAGE_COOKIE`); English,
 * the app's default (spec §4), when there is none. Accept-Language is not asked: the app itself shows
 * English until the reader chooses, and a page prerendered in another language would be drawn again.
 */
function readerLanguage(request: FastifyRequest): Language {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, value] = part.split('=').map((s) => s.trim());
    if (name === LANGUAGE_COOKIE && value === 'ar') return 'ar';
  }
  return 'en';
}

/**
 * Pages are assembled per request (preview tags, preloads), so they are compressed here: brotli at a
 * quick level, else gzip (a 30 KB page takes well under a millisecond either way).
 */
function compressPage(html: string, request: FastifyRequest, reply: FastifyReply): string | Buffer {
  // The codings the browser accepts, leaving out any it refuses (`;q=0`).
  const accepted = new Set(
    String(request.headers['accept-encoding'] ?? '')
      .split(',')
      .map((part) =>
        part
          .trim()
          .toLowerCase()
          .split(/\s*;\s*/),
      )
      .filter(([, q]) => !/^q=0(\.0*)?$/.test(q ?? ''))
      .map(([coding]) => coding),
  );
  if (accepted.has('br')) {
    reply.header('content-encoding', 'br');
    return brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (accepted.has('gzip')) {
    reply.header('content-encoding', 'gzip');
    return gzipSync(html, { level: 6 });
  }
  return html;
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else (index.html,
 * boot.js, icons, the manifests, the service worker sw.js) revalidated every time; brotli or gzip copies made at build time where the browser
 * accepts them. Client routes get their page prerendered in the reader's language when the build made
 * one, else index.html (200 for the spec's routes, 404 for unknown paths so the app shows its 404 page
 * with the right status); unknown /api paths answer the JSON 404 envelope.
 */
export async function registerWeb(app: App, { webDist }: { webDist: string }) {
  const indexPath = path.join(webDist, 'index.html');
  const built = existsSync(indexPath);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset (apps/web/vite.config.ts): sent as they are.
      preCompressed: true,
      // Source maps stay on the server's disk for reading stack traces; the public gets a 404. The
      // prerendered pages are sent at their routes' paths only.
      allowedPath: (pathname) => !isSourceMap(pathname) && !pathname.startsWith('/shells/'),
      setHeaders: (reply, filePath) => {
        const rel = path.relative(webDist, filePath);
        reply.header(
          'cache-control',
          rel.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ webDist }, 'web app not built: run `npm run build` to serve it');
  }
  const preloads = built ? await loadRoutePreloads(webDist) : [];
  const shells = built ? await loadShells(webDist) : [];
  let indexHtml: string | undefined;
  const loadIndex = async () => {
    indexHtml ??= await readFile(indexPath, 'utf8');
    return indexHtml;
  };
  /** The route's page prerendered in the reader's language, else index.html. */
  const shellFor = (pathname: string, request: FastifyRequest) =>
    shells.find((shell) => shell.pattern.test(pathname))?.pages[readerLanguage(request)];

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const first = pathname.split('/')[1] ?? '';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !SERVER_PREFIXES.includes(first);
    const looksLikeFile = /\.[a-z0-9]+$/i.test(pathname);
    if (!wantsPage || looksLikeFile || !built) {
      return reply.status(404).send({ status: false, message: HTTP_TEXT[404] });
    }
    const known = clientPrefixes.has(first);
    const shell = known ? shellFor(pathname, request) : undefined;
    const html = known
      ? withPreloads(
          await withPreview(app, shell ?? (await loadIndex()), pathname, request),
          pathname,
          preloads,
          shell !== undefined,
        )
      : await loadIndex();
    return (
      reply
        .status(known ? 200 : 404)
        .header('cache-control', 'no-cache')
        // The page depends on the language cookie, and is compressed for what the browser accepts.
        .header('vary', 'cookie, accept-encoding')
        .type('text/html; charset=utf-8')
        .send(compressPage(html, request, reply))
    );
  });
}
