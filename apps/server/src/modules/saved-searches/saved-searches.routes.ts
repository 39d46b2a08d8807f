import { failureSchema, successSchema } from '@makan/contract/envelope';
import { SAVED_SEARCHES_MAX } from '@makan/contract/saved-search-words';
import {
  createSavedSearchRequest,
  savedSearchesResult,
  savedSearchParams,
  savedSearchPostsQuery,
  savedSearchPostsResult,
  savedSearchSchema,
  updateSavedSearchRequest,
} from '@makan/contract/saved-searches';
import { TEXT } from '@makan/contract/texts';
import { z } from 'zod';
import type { App } from '../../lib/http.ts';
import type { AuthGuard } from '../../plugins/auth.ts';
import type { SavedSearchesService } from './saved-searches.service.ts';

const failures = { 401: failureSchema, 404: failureSchema, 422: failureSchema, 429: failureSchema };

/** The signed-in user's saved searches (issue 23): theirs only; another's is 404. */
export function savedSearchesRoutes(
  app: App,
  { savedSearches, guard }: { savedSearches: SavedSearchesService; guard: AuthGuard },
) {
  const tags = ['saved searches'];
  const security = [{ bearerAuth: [] }];
  const me = (request: Parameters<AuthGuard['session']>[0]) => guard.session(request).userId;

  app.get(
    '/api/saved-searches',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'My saved searches, the newest first, each with its count of new listings',
        security,
        response: { 200: successSchema(savedSearchesResult), ...failures },
      },
    },
    async (request) => ({ status: true as const, data: await savedSearches.list(me(request)) }),
  );

  app.post(
    '/api/saved-searches',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'Save a search',
        description: `The feed's filters (several types and cities) and the search's keyword; at least one. Without a name, one is made from the criteria in my language. At most ${SAVED_SEARCHES_MAX}: 422 '${TEXT.savedSearchLimit}'.`,
        security,
        body: createSavedSearchRequest,
        response: { 201: successSchema(savedSearchSchema), ...failures },
      },
    },
    async (request, reply) => {
      const data = await savedSearches.create(me(request), request.body);
      return reply.code(201).send({ status: true as const, data });
    },
  );

  app.patch(
    '/api/saved-searches/:id',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'Rename, pause or resume a saved search, or change how often it tells me',
        security,
        params: savedSearchParams,
        body: updateSavedSearchRequest,
        response: { 200: successSchema(savedSearchSchema), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      data: await savedSearches.update(me(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/saved-searches/:id',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'Delete a saved search',
        security,
        params: savedSearchParams,
        response: { 200: successSchema(z.null()), ...failures },
      },
    },
    async (request) => {
      await savedSearches.remove(me(request), request.params.id);
      return { status: true as const, data: null };
    },
  );

  app.get(
    '/api/saved-searches/:id/posts',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'Run a saved search: the listings it matches now, newest first',
        description:
          'Keyset pages by listing id. The first page (no cursor) marks the search seen: its new count starts again from 0.',
        security,
        params: savedSearchParams,
        querystring: savedSearchPostsQuery,
        response: { 200: successSchema(savedSearchPostsResult), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      data: await savedSearches.run(me(request), request.params.id, request.query),
    }),
  );
}
