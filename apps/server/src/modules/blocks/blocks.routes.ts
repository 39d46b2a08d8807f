import { blockedUsersResult, blockResult } from '@makan/contract/blocks';
import { failureSchema, successSchema } from '@makan/contract/envelope';
import { profileIdParams } from '@makan/contract/profiles';
import { TEXT } from '@makan/contract/texts';
import type { App } from '../../lib/http.ts';
import type { AuthGuard } from '../../plugins/auth.ts';
import type { BlocksService } from './blocks.service.ts';

const failures = { 401: failureSchema, 404: failureSchema, 422: failureSchema, 429: failureSchema };

export function blocksRoutes(app: App, { blocks, guard }: { blocks: BlocksService; guard: AuthGuard }) {
  const tags = ['blocks'];
  const security = [{ bearerAuth: [] }];
  const me = (request: Parameters<AuthGuard['session']>[0]) => guard.session(request).userId;

  app.post(
    '/api/users/:id/block',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'Block an account: no messages, no follows, neither sees the other’s posts or comments',
        description:
          'Follows between the two end. Their conversation stays readable and is closed both ways. The blocked account is not told. Blocking twice is the same as once.',
        security,
        params: profileIdParams,
        response: { 200: successSchema(blockResult), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      message: TEXT.userBlocked,
      data: await blocks.block(me(request), request.params.id),
    }),
  );

  app.delete(
    '/api/users/:id/block',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'Unblock an account (follows that the block ended do not come back)',
        security,
        params: profileIdParams,
        response: { 200: successSchema(blockResult), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      message: TEXT.userUnblocked,
      data: await blocks.unblock(me(request), request.params.id),
    }),
  );

  app.get(
    '/api/blocks',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'The accounts the user blocked, latest first',
        security,
        response: { 200: successSchema(blockedUsersResult), 401: failureSchema, 429: failureSchema },
      },
    },
    async (request) => ({ status: true as const, data: await blocks.list(me(request)) }),
  );
}
