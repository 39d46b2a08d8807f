import { type FullUser, fullUser } from '@makan/contract/auth';
import { failureSchema, successSchema } from '@makan/contract/envelope';
import { LIMITS } from '@makan/contract/limits';
import { TEXT } from '@makan/contract/texts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Invalid, PayloadTooLarge } from '../../lib/errors.ts';
import type { App } from '../../lib/http.ts';
import { inMemory, multipartRoutes, readForm } from '../../lib/multipart.ts';
import type { AuthGuard } from '../../plugins/auth.ts';
import { type ImageKind, type ImageStore, removeQuietly } from '../media/image-store.ts';
import type { RateLimits } from '../rate-limit/rate-limit.service.ts';

export type ProfileMediaDeps = {
  guard: AuthGuard;
  images: ImageStore;
  limits: RateLimits;
  /**
   * Sets (or clears, with null) the user's picture or cover key and answers the key it replaced,
   * read and written atomically (one transaction with the row locked), so two uploads racing each
   * delete exactly the key they replaced.
   */
  setImage: (userId: number, kind: ImageKind, key: string | null) => Promise<string | null>;
  /** The full user as its owner sees it, after the change. */
  describeOwner: (userId: number) => Promise<FullUser>;
};

/** Field names a client may send the file under. */
const FILE_FIELDS = new Set(['picture', 'cover', 'image', 'file']);

const TEXTS = {
  picture: { updated: TEXT.pictureUpdated, deleted: TEXT.pictureDeleted },
  cover: { updated: TEXT.coverUpdated, deleted: TEXT.coverDeleted },
} as const;

const ROUTES = [
  {
    kind: 'picture',
    url: '/api/profile/picture',
    noun: 'profile picture',
    sizes: '96, 192 and 384 px squares',
  },
  { kind: 'cover', url: '/api/profile/cover', noun: 'cover photo', sizes: '1200 × 384 and 2400 × 768 px' },
] as const;

const responses = {
  200: successSchema(fullUser),
  400: failureSchema,
  401: failureSchema,
  413: failureSchema,
  422: failureSchema,
};

const noImage = () => new Invalid({ file: 'noImage' });

const imageTooLarge = () => new PayloadTooLarge('imageTooLarge', { file: 'imageTooLarge' });

/** The bytes of the one uploaded file; other parts are read and dropped. */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  const { files } = await readForm(request, {
    fileFields: FILE_FIELDS,
    maxFiles: 1,
    tooLarge: imageTooLarge,
    notMultipart: noImage,
    receive: inMemory,
    keep: async ({ body }) => body,
    discard: async () => {},
  });
  const [bytes] = files;
  if (!bytes) throw noImage();
  return bytes;
}

/**
 * POST and DELETE /api/profile/picture and /api/profile/cover (spec §7 Profiles), for the signed-in
 * user only: there is no user id in the path. Multipart parsing is registered in a context of their
 * own, so these four routes are the only ones that accept multipart bodies.
 */
const UPLOADS_PER_HOUR = { limit: 30, windowMs: 60 * 60_000 };

export function profileMediaRoutes(
  app: App,
  { guard, images, setImage, describeOwner, limits }: ProfileMediaDeps,
) {
  const tags = ['profiles'];
  const security = [{ bearerAuth: [] }];

  multipartRoutes(app, { files: 1, fields: 5, fieldSize: 1024, parts: 10 }, (child) => {
    for (const { kind, url, noun, sizes } of ROUTES) {
      child.post(
        url,
        {
          onRequest: guard.preHandler,
          schema: {
            tags,
            security,
            summary: `Upload your ${noun}`,
            description: [
              `A multipart/form-data body with one file in the field \`${kind}\` (\`picture\`, \`cover\`, \`image\` or \`file\` are all accepted).`,
              `JPEG, PNG, WebP or GIF, recognised by its bytes whatever its name; at most ${LIMITS.fileMaxBytes / 1024 / 1024} MB (413 '${TEXT.imageTooLarge}').`,
              `Stored upright as WebP without any metadata (no GPS position) in ${sizes}; the previous one is deleted.`,
              'Answers the full user.',
            ].join(' '),
            consumes: ['multipart/form-data'],
            // Documents the form for OpenAPI; multipart bodies are read by the handler, not validated here
            // (to the validator a multipart body is null, hence nullish).
            body: z
              .object({ [kind]: z.string().meta({ format: 'binary', description: 'The image file' }) })
              .nullish(),
            response: responses,
          },
        },
        async (request) => {
          const { userId } = guard.session(request);
          // Re-encoding costs CPU: a per-user budget, checked before the body is read.
          await limits.hit(`image-upload:user:${userId}`, UPLOADS_PER_HOUR);
          const key = await images.save(kind, await readUpload(request));
          let previous: string | null;
          try {
            previous = await setImage(userId, kind, key);
          } catch (err) {
            await removeQuietly(images, kind, [key], request.log);
            throw err;
          }
          if (previous && previous !== key) await removeQuietly(images, kind, [previous], request.log);
          return { status: true as const, message: TEXTS[kind].updated, data: await describeOwner(userId) };
        },
      );

      child.delete(
        url,
        {
          onRequest: guard.preHandler,
          schema: {
            tags,
            security,
            summary: `Remove your ${noun}`,
            description:
              'Deletes its files; removing when there is none also succeeds. Answers the full user.',
            response: responses,
          },
        },
        async (request) => {
          const { userId } = guard.session(request);
          const previous = await setImage(userId, kind, null);
          if (previous) await removeQuietly(images, kind, [previous], request.log);
          return { status: true as const, message: TEXTS[kind].deleted, data: await describeOwner(userId) };
        },
      );
    }
  });
}
