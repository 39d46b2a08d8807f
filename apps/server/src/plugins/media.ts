import { z } from 'zod';
import { NotFound } from '../lib/errors.ts';
import type { App } from '../lib/http.ts';
import type { MediaStore } from '../modules/media/media-store.ts';

/** What may be served: stored images only, named by their random key; never temporary or hidden files. */
const SERVABLE = /^[a-z_]+\/[0-9a-f]{32}-\d+\.webp$/;

/**
 * Serves stored media under /media/, streamed from the store (the folder or the bucket) as it comes:
 * never held whole in memory. A file's name holds a random key and never changes once written, so
 * browsers may keep it for a year; a new picture gets a new name. No listings; anything else, or a
 * missing file, is the app's JSON 404.
 */
export function registerMedia(app: App, { store }: { store: MediaStore }) {
  app.route({
    // HEAD declared, not derived from GET: Fastify's derived HEAD would read the whole object and drop it.
    method: ['GET', 'HEAD'],
    url: '/media/:folder/:name',
    schema: {
      hide: true,
      params: z.object({ folder: z.string(), name: z.string() }),
    },
    handler: async (request, reply) => {
      const key = `${request.params.folder}/${request.params.name}`;
      if (!SERVABLE.test(key)) throw new NotFound();
      const tag = request.headers['if-none-match'];
      const headOnly = request.method === 'HEAD';
      // A HEAD or a revalidation asks the store for the object's facts, not for its bytes.
      const facts = tag || headOnly ? await store.head(key) : undefined;
      if (facts && facts.etag === tag) return reply.status(304).header('etag', facts.etag).send();
      const found = headOnly ? facts : await store.get(key);
      if (!found) throw new NotFound();
      return reply
        .header('content-type', 'image/webp')
        .header('content-length', found.size)
        .header('etag', found.etag)
        .header('last-modified', found.lastModified.toUTCString())
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send('body' in found ? found.body : undefined);
    },
  });
}
