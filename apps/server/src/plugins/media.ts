import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { App } from '../lib/http.ts';

/** What may be served: stored images only, named by their random key; never temporary or hidden files. */
const SERVABLE = /^\/[a-z_]+\/[0-9a-f]{32}-\d+\.webp$/;

/**
 * Serves stored media under /media/. A file's name holds a random key and never changes once
 * written, so browsers may keep it for a year; a new picture gets a new name. No directory
 * listings; a missing file falls through to the app's JSON 404.
 */
export async function registerMedia(app: App, { dir }: { dir: string }) {
  mkdirSync(dir, { recursive: true });
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/media/',
    decorateReply: false,
    wildcard: true,
    index: false,
    list: false,
    redirect: false,
    dotfiles: 'deny',
    maxAge: '365d',
    immutable: true,
    allowedPath: (pathName) => SERVABLE.test(pathName),
    setHeaders: (reply) => {
      reply.header('x-content-type-options', 'nosniff');
    },
  });
}
