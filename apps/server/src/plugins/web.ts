import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { CLIENT_ROUTE_PREFIXES } from '@makan/contract/routes';
import { HTTP_TEXT } from '@makan/contract/texts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../lib/http.ts';

const SERVER_PREFIXES = ['api', 'health', 'media', 'socket.io'];
const clientPrefixes = new Set<string>(CLIENT_ROUTE_PREFIXES);

/**
 * Serves the built web app: hashed assets cached for a year, everything else (index.html,
 * boot.js, icons) revalidated every time. Client routes get index.html (200 for the spec's
 * routes, 404 for unknown paths so the app shows its 404 page with the right status);
 * unknown /api paths answer the JSON 404 envelope.
 */
export async function registerWeb(app: App, { webDist }: { webDist: string }) {
  const indexPath = path.join(webDist, 'index.html');
  const built = existsSync(indexPath);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
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
  let indexHtml: string | undefined;
  const loadIndex = async () => {
    indexHtml ??= await readFile(indexPath, 'utf8');
    return indexHtml;
  };

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
    return reply
      .status(known ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await loadIndex());
  });
}
