import { fullUser } from '@makan/contract/auth';
import { failureSchema, successSchema } from '@makan/contract/envelope';
import { postSchema } from '@makan/contract/posts';
import {
  contactVisibilityRequest,
  followInfo,
  mentionableQuery,
  mentionableResult,
  profileIdParams,
  profileSummary,
  profilesListQuery,
  profilesListResult,
  publicProfile,
  updateProfileRequest,
} from '@makan/contract/profiles';
import { TEXT } from '@makan/contract/texts';
import { z } from 'zod';
import { fastResponse } from '../../lib/fast-serializer.ts';
import type { App } from '../../lib/http.ts';
import type { AuthGuard } from '../../plugins/auth.ts';
import type { ProfilesService } from './profiles.service.ts';

const failures = { 401: failureSchema, 404: failureSchema, 422: failureSchema };
const security = [{ bearerAuth: [] }];
/** The first page of a user's posts, newest first (more through GET /api/posts?author=). */
const firstPosts = z.array(postSchema);

type PostsOf = (authorId: number, viewerId: number) => Promise<z.infer<typeof postSchema>[]>;

export function profilesRoutes(
  app: App,
  { profiles, guard, postsOf }: { profiles: ProfilesService; guard: AuthGuard; postsOf: PostsOf },
) {
  const tags = ['profiles'];
  const me = (request: Parameters<AuthGuard['session']>[0]) => guard.session(request).userId;

  app.get(
    '/api/profiles/:id',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: "A user's profile; hidden contact details are null for everyone but the owner",
        description: 'A visit by another user counts as one view per viewer per day.',
        security,
        params: profileIdParams,
        response: { 200: successSchema(publicProfile), ...failures },
      },
    },
    async (request) => ({ status: true as const, data: await profiles.view(request.params.id, me(request)) }),
  );

  app.get(
    '/api/profiles/:id/full',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'A profile with its posts',
        security,
        params: profileIdParams,
        response: {
          200: fastResponse(successSchema(z.object({ user: publicProfile, posts: firstPosts }))),
          ...failures,
        },
      },
    },
    async (request) => ({
      status: true as const,
      data: {
        user: await profiles.view(request.params.id, me(request)),
        posts: await postsOf(request.params.id, me(request)),
      },
    }),
  );

  app.get(
    '/api/profile/full',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'The signed-in user with their posts',
        security,
        response: { 200: successSchema(z.object({ user: fullUser, posts: firstPosts })), 401: failureSchema },
      },
    },
    async (request) => ({
      status: true as const,
      data: {
        user: await profiles.describeOwner(me(request)),
        posts: await postsOf(me(request), me(request)),
      },
    }),
  );

  app.post(
    '/api/profile',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'Edit your name, bio or link',
        security,
        body: updateProfileRequest,
        response: { 200: successSchema(fullUser), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      message: TEXT.profileUpdated,
      data: await profiles.update(me(request), request.body),
    }),
  );

  app.post(
    '/api/profile/contact-visibility',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'Hide (1) or show (0) your email and phone to other users',
        security,
        body: contactVisibilityRequest,
        response: { 200: successSchema(fullUser), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      message: TEXT.contactVisibilityUpdated,
      data: await profiles.setContactHidden(me(request), request.body.hide_contact),
    }),
  );

  app.post(
    '/api/profiles/:id/follow',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'Follow a user (idempotent); answers their follow counts',
        security,
        params: profileIdParams,
        response: { 200: successSchema(followInfo), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      message: TEXT.followed,
      data: await profiles.follow(me(request), request.params.id),
    }),
  );

  app.delete(
    '/api/profiles/:id/follow',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'Stop following a user (idempotent); answers their follow counts',
        security,
        params: profileIdParams,
        response: { 200: successSchema(followInfo), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      message: TEXT.unfollowed,
      data: await profiles.unfollow(me(request), request.params.id),
    }),
  );

  app.get(
    '/api/profiles-list/all',
    {
      onRequest: guard.optionalPreHandler,
      schema: {
        tags,
        summary:
          'People and companies, newest first; search by name, bio or city; type=developer lists companies',
        description: 'Keyset pagination: pass next_cursor as cursor for the next page. Public.',
        querystring: profilesListQuery,
        response: { 200: successSchema(profilesListResult), 401: failureSchema, 422: failureSchema },
      },
    },
    async (request) => ({
      status: true as const,
      data: await profiles.list(guard.viewerId(request), request.query),
    }),
  );

  app.get(
    '/api/users/mentionable',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        security,
        summary: 'The people picker for @mentions: names containing q, people you follow first (at most 8)',
        description:
          'Never you, nobody with a block between you either way, no suspended account. Insert `@Full Name` and send the picked ids as `mentions` with the post or comment.',
        querystring: mentionableQuery,
        response: { 200: successSchema(mentionableResult), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      data: await profiles.mentionable(me(request), request.query.q),
    }),
  );

  app.get(
    '/api/profiles-list/three',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'Three accounts to follow: not you, not followed yet, matching your preferences first',
        security,
        response: { 200: successSchema(z.array(profileSummary)), 401: failureSchema },
      },
    },
    async (request) => ({ status: true as const, data: await profiles.suggestions(me(request)) }),
  );
}
