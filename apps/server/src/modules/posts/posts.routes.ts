import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { failureSchema, successSchema } from '@makan/contract/envelope';
import { LIMITS } from '@makan/contract/limits';
import {
  bookmarkResult,
  bookmarksQuery,
  checkedFeedQuery,
  commentParams,
  commentSchema,
  commentsQuery,
  commentsResult,
  createCommentRequest,
  feedResult,
  likeResult,
  type Post,
  postIdParams,
  postSchema,
  searchQuery,
  updateCommentRequest,
  updatePostRequest,
} from '@makan/contract/posts';
import { formatText, TEXT } from '@makan/contract/texts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Invalid, PayloadTooLarge, renameField } from '../../lib/errors.ts';
import { fastResponse } from '../../lib/fast-serializer.ts';
import { cleanFileName } from '../../lib/file-name.ts';
import type { App } from '../../lib/http.ts';
import { multipartRoutes, type Received, readForm } from '../../lib/multipart.ts';
import type { AuthGuard } from '../../plugins/auth.ts';
import { fingerprintOf, type Idempotency, idempotencyKeyOf } from '../idempotency/idempotency.ts';
import { type ImageStore, type ReceivedFile, removeQuietly } from '../media/image-store.ts';
import type { RateLimits } from '../rate-limit/rate-limit.service.ts';
import type { PostsService, StoredPhoto } from './posts.service.ts';

export type PostsRoutesDeps = {
  posts: PostsService;
  guard: AuthGuard;
  images: ImageStore;
  limits: RateLimits;
  idempotency: Idempotency;
};

/** The answer to a created post, also as kept for an Idempotency-Key's repeats. */
const createdAnswer = successSchema(postSchema);

/** Field names a client may send photos under (spec §7: media[]). */
const PHOTO_FIELDS = new Set(['media[]', 'media', 'images[]', 'images', 'photos[]', 'photos']);
const POSTS_PER_HOUR = { limit: 60, windowMs: 60 * 60_000 };

const security = [{ bearerAuth: [] }];
const tags = ['posts'];
const failures = { 401: failureSchema, 403: failureSchema, 404: failureSchema, 422: failureSchema };

const tooManyImages = () =>
  new Invalid({ media: { code: 'tooManyImages', params: { count: LIMITS.imagesPerPost } } });

const imageTooLarge = () => new PayloadTooLarge('imageTooLarge', { media: 'imageTooLarge' });

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Removes the photos a request stored (and logs what could not be removed). */
const dropPhotos = (images: ImageStore, request: FastifyRequest, photos: readonly StoredPhoto[]) =>
  removeQuietly(
    images,
    'post',
    photos.map((p) => p.key),
    request.log,
  );

/** Runs a change with the photos a request stored: if it fails, they are removed before the error answers. */
async function withStoredPhotos<T>(
  images: ImageStore,
  request: FastifyRequest,
  photos: readonly StoredPhoto[],
  change: () => Promise<T>,
): Promise<T> {
  try {
    return await change();
  } catch (err) {
    await dropPhotos(images, request, photos);
    throw err;
  }
}

/**
 * Reads the create-post form. Each photo is streamed to a temporary file (at most 10 MB), then
 * checked, re-encoded and written before the next part is read: the photo's bytes are never held in
 * memory, so ten posts uploading at once cost disk, not RAM, while they wait for the image store's
 * turn. Whatever fails half-way, the temporary file and the photos written so far are deleted.
 */
function readPostForm(request: FastifyRequest, images: ImageStore, sourceHashes?: Map<string, string>) {
  return readForm(request, {
    fileFields: PHOTO_FIELDS,
    maxFiles: LIMITS.imagesPerPost,
    tooMany: tooManyImages,
    tooLarge: imageTooLarge,
    notMultipart: () => new Invalid({ property_type: 'required' }),
    receive: async (part): Promise<Received<ReceivedFile>> => {
      const upload = await images.receive(part.file);
      return { body: upload, size: upload.size, dispose: upload.dispose };
    },
    keep: async ({ body, filename, index }): Promise<StoredPhoto> => {
      // For an Idempotency-Key: the bytes as sent (and the name), so a repeat is known for the same form.
      const sourceHash = sourceHashes && `${filename ?? ''}:${await sha256Of(body.file)}`;
      let saved: Awaited<ReturnType<ImageStore['savePhoto']>>;
      try {
        saved = await images.savePhoto({ file: body.file });
      } catch (err) {
        // The image store names the field 'file'; on a post the photos are 'media'.
        throw renameField(err, 'file', 'media');
      }
      if (sourceHash) sourceHashes?.set(saved.key, sourceHash);
      return {
        key: saved.key,
        fileName: cleanFileName(filename, { fallback: `photo-${index + 1}` }),
        size: saved.size,
        width: saved.width,
        height: saved.height,
        phash: saved.phash,
      };
    },
    discard: (photo) => dropPhotos(images, request, [photo]),
  });
}

/**
 * Posts (spec §7 Posts, Bookmarks): the feed, one post, create with photos (multipart, in a context
 * of its own so only this route parses multipart), edit, delete, like, bookmark, search and comments.
 */
export function postsRoutes(app: App, { posts, guard, images, limits, idempotency }: PostsRoutesDeps) {
  const me = (request: FastifyRequest) => guard.session(request).userId;

  const form = {
    // One more than allowed, so an 11th photo is seen and refused by its own message.
    files: LIMITS.imagesPerPost + 1,
    fields: 20,
    fieldSize: LIMITS.postTextMax * 4 + 1024,
    parts: LIMITS.imagesPerPost + 25,
  };
  multipartRoutes(app, form, (child) => {
    child.post(
      '/api/posts',
      {
        onRequest: guard.preHandler,
        schema: {
          tags,
          security,
          summary: 'Create a post with up to 10 photos',
          description: [
            'multipart/form-data: description (1–1000), property_type (required), location_id (a city) or location (free text), one required;',
            'optional purpose, price + currency, area_m2, status, licence_number; photos in media[] (or media, images[]).',
            `A description or photos ('${TEXT.postContentRequired}'). Each photo at most 10 MB (413 '${TEXT.imageTooLarge}'), at most ${LIMITS.imagesPerPost};`,
            'JPEG, PNG, WebP or GIF recognised by its bytes; stored as 480 and 1280 px wide WebP without metadata. All or nothing.',
            'Optional header Idempotency-Key (1–255 visible characters, e.g. a UUID; one per post being written): the same key from the same user within 24 hours',
            'answers with the first answer (same status and body, header Idempotent-Replayed: true) and creates no second post, even while the first',
            `request is still being processed (the repeat waits for it; 409 '${TEXT.idempotencyKeyInFlight}' if it takes too long);`,
            `the same key with a different form (other fields or photos) answers 422 '${TEXT.idempotencyKeyReused}'. Keys are per user.`,
          ].join(' '),
          consumes: ['multipart/form-data'],
          headers: z.looseObject({ 'idempotency-key': z.string().optional() }),
          body: z.unknown(),
          response: { 201: createdAnswer, 409: failureSchema, 413: failureSchema, ...failures },
        },
      },
      async (request, reply) => {
        const userId = me(request);
        const key = idempotencyKeyOf(request.headers['idempotency-key']);
        await limits.hit(`post-create:user:${userId}`, POSTS_PER_HOUR);
        const sourceHashes = key ? new Map<string, string>() : undefined;
        const { fields, files: photos } = await readPostForm(request, images, sourceHashes);
        const created = (post: Post) => ({
          status: 201,
          body: { status: true as const, message: TEXT.postCreated, data: post },
        });
        return withStoredPhotos(images, request, photos, async () => {
          if (!key) {
            const post = await posts.create(userId, posts.parseCreateFields(fields), photos);
            return reply.status(201).send(created(post).body);
          }
          const claim = { userId, key };
          const answer = await idempotency.run<z.infer<typeof createdAnswer>>({
            claim,
            scope: 'post_create',
            fingerprint: fingerprintOf(
              fields,
              photos.map((p) => sourceHashes?.get(p.key) ?? ''),
            ),
            work: async () =>
              created(await posts.create(userId, posts.parseCreateFields(fields), photos, claim)),
            committed: async (postId) => created(await posts.get(postId, userId)),
            parse: (stored) => createdAnswer.parse(stored),
          });
          if (answer.replayed) {
            // The first request's post is the answer: this one's photos are not used.
            await dropPhotos(images, request, photos);
            reply.header('idempotent-replayed', 'true');
          }
          return reply.status(answer.status).send(answer.body);
        });
      },
    );

    child.put(
      '/api/posts/:id/listing',
      {
        onRequest: guard.preHandler,
        schema: {
          tags,
          security,
          summary: 'Edit your whole listing: photos (keep, reorder, remove, add), type, location, text',
          description: [
            'multipart/form-data, the create form with the same rules and texts: description, property_type (required),',
            'location_id or location (one required), the optional listing fields (left out: cleared), new photos in media[].',
            "media_order: the photos in their new order, comma-separated: a kept photo's id or new:N for the N-th new file",
            `(e.g. '17,new:0,12'); photos not named are removed, new files not named follow at the end; without it every photo stays.`,
            `At most ${LIMITS.imagesPerPost} photos in all ('${formatText(TEXT.tooManyImages, { count: LIMITS.imagesPerPost })}'); a description or photos ('${TEXT.postContentRequired}').`,
            "All or nothing: new files are stored first, the post changes in one transaction, the removed photos' files are",
            'deleted after it commits; on any refusal the new files are deleted and the post is as it was. 403/404 as PUT /api/posts/{id}.',
          ].join(' '),
          consumes: ['multipart/form-data'],
          params: postIdParams,
          body: z.unknown(),
          response: { 200: successSchema(postSchema), 413: failureSchema, ...failures },
        },
      },
      async (request) => {
        const userId = me(request);
        // Refused before any file is read or stored.
        await posts.assertOwner(request.params.id, userId);
        const { fields, files: photos } = await readPostForm(request, images);
        const post = await withStoredPhotos(images, request, photos, () =>
          posts.replaceListing(
            request.params.id,
            userId,
            posts.parseCreateFields(fields),
            posts.parseMediaOrder(fields),
            photos,
          ),
        );
        return { status: true as const, message: TEXT.postUpdated, data: post };
      },
    );
  });

  app.get(
    '/api/posts',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        security,
        summary: 'The feed: newest first, 10 a page, keyset by next_cursor, with filters',
        querystring: checkedFeedQuery,
        response: { 200: fastResponse(successSchema(feedResult)), ...failures },
      },
    },
    async (request) => ({ status: true as const, data: await posts.feed(me(request), request.query) }),
  );

  app.get(
    '/api/posts/search',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        security,
        summary: 'Posts matching a keyword in the description, city names or type labels (en/ar)',
        description: 'Ranked by relevance, then newest; next_cursor is a position for the next page.',
        querystring: searchQuery,
        response: { 200: fastResponse(successSchema(feedResult)), ...failures },
      },
    },
    async (request) => ({ status: true as const, data: await posts.search(me(request), request.query) }),
  );

  app.get(
    '/api/posts/:id',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        security,
        summary: 'One post',
        params: postIdParams,
        response: { 200: fastResponse(successSchema(postSchema)), ...failures },
      },
    },
    async (request) => ({ status: true as const, data: await posts.get(request.params.id, me(request)) }),
  );

  app.put(
    '/api/posts/:id',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        security,
        summary: 'Edit your post: description, type, location and listing fields (null clears)',
        params: postIdParams,
        body: updatePostRequest,
        response: { 200: successSchema(postSchema), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      message: TEXT.postUpdated,
      data: await posts.update(request.params.id, me(request), request.body),
    }),
  );

  const deleteOptions = {
    onRequest: guard.preHandler,
    schema: {
      tags,
      security,
      summary: 'Delete your post and its photos (spec §7 uses POST /api/posts/{id})',
      params: postIdParams,
      response: { 200: successSchema(z.null()), ...failures },
    },
  };
  const deleteHandler = async (request: FastifyRequest<{ Params: { id: number } }>) => {
    await posts.remove(request.params.id, me(request));
    return { status: true as const, message: TEXT.postDeleted, data: null };
  };
  app.post('/api/posts/:id', deleteOptions, deleteHandler);
  app.delete('/api/posts/:id', deleteOptions, deleteHandler);

  app.post(
    '/api/posts/:id/like',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        security,
        summary: 'Like or unlike',
        params: postIdParams,
        response: { 200: successSchema(likeResult), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      data: await posts.toggleLike(request.params.id, me(request)),
    }),
  );

  app.post(
    '/api/posts/:id/bookmark',
    {
      onRequest: guard.preHandler,
      schema: {
        tags: ['bookmarks'],
        security,
        summary: 'Bookmark or remove the bookmark',
        params: postIdParams,
        response: { 200: successSchema(bookmarkResult), ...failures },
      },
    },
    async (request) => {
      const data = await posts.toggleBookmark(request.params.id, me(request));
      return {
        status: true as const,
        message: data.is_bookmarked ? TEXT.postBookmarked : TEXT.bookmarkRemoved,
        data,
      };
    },
  );

  app.get(
    '/api/bookmarks',
    {
      onRequest: guard.preHandler,
      schema: {
        tags: ['bookmarks'],
        security,
        summary: 'Your bookmarked posts, newest bookmark first (keyset by next_cursor)',
        querystring: bookmarksQuery,
        response: { 200: successSchema(feedResult), ...failures },
      },
    },
    async (request) => ({ status: true as const, data: await posts.bookmarks(me(request), request.query) }),
  );

  // Comments
  app.get(
    '/api/posts/:id/comments',
    {
      onRequest: guard.preHandler,
      schema: {
        tags: ['comments'],
        security,
        summary: "A post's comments, newest first, 20 a page",
        params: postIdParams,
        querystring: commentsQuery,
        response: { 200: successSchema(commentsResult), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      data: await posts.comments(request.params.id, request.query, me(request)),
    }),
  );

  app.post(
    '/api/posts/:id/comments',
    {
      onRequest: guard.preHandler,
      schema: {
        tags: ['comments'],
        security,
        summary: 'Comment (1–500); parent_id makes it a reply',
        params: postIdParams,
        body: createCommentRequest,
        response: { 201: successSchema(commentSchema), ...failures },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        status: true as const,
        message: TEXT.commentAdded,
        data: await posts.addComment(request.params.id, me(request), request.body),
      }),
  );

  app.get(
    '/api/posts/:id/comments/:commentId',
    {
      onRequest: guard.preHandler,
      schema: {
        tags: ['comments'],
        security,
        summary: 'One comment of a post (the comment page)',
        params: commentParams,
        response: { 200: successSchema(commentSchema), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      data: await posts.comment(request.params.id, request.params.commentId, me(request)),
    }),
  );

  app.put(
    '/api/posts/:id/comments/:commentId',
    {
      onRequest: guard.preHandler,
      schema: {
        tags: ['comments'],
        security,
        summary: 'Edit your comment',
        params: commentParams,
        body: updateCommentRequest,
        response: { 200: successSchema(commentSchema), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      message: TEXT.commentUpdated,
      data: await posts.updateComment(
        request.params.id,
        request.params.commentId,
        me(request),
        request.body.comment,
        request.body.mentions,
      ),
    }),
  );

  app.delete(
    '/api/posts/:id/comments/:commentId',
    {
      onRequest: guard.preHandler,
      schema: {
        tags: ['comments'],
        security,
        summary: 'Delete your comment and its replies',
        params: commentParams,
        response: { 200: successSchema(z.null()), ...failures },
      },
    },
    async (request) => {
      await posts.removeComment(request.params.id, request.params.commentId, me(request));
      return { status: true as const, message: TEXT.commentDeleted, data: null };
    },
  );

  app.get(
    '/api/comments/:id/replies',
    {
      onRequest: guard.preHandler,
      schema: {
        tags: ['comments'],
        security,
        summary: "A comment's replies, oldest first, 20 a page",
        params: postIdParams,
        querystring: commentsQuery,
        response: { 200: successSchema(commentsResult), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      data: await posts.replies(request.params.id, request.query, me(request)),
    }),
  );
}
