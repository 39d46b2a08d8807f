import { changePasswordRequest, sessionsEndedResult } from '@makan/contract/account';
import { failureSchema, successSchema } from '@makan/contract/envelope';
import { TEXT } from '@makan/contract/texts';
import type { App } from '../../lib/http.ts';
import type { AuthGuard } from '../../plugins/auth.ts';
import type { AccountService } from './account.service.ts';

const failures = {
  400: failureSchema,
  401: failureSchema,
  422: failureSchema,
  429: failureSchema,
};

export function accountRoutes(app: App, { account, guard }: { account: AccountService; guard: AuthGuard }) {
  const tags = ['account'];
  const security = [{ bearerAuth: [] }];

  app.post(
    '/api/account/password',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'Change the password (the current one asked again); every other session is signed out',
        description:
          'A wrong current password counts as a failed login of the account. The owner is told by email and SMS.',
        security,
        body: changePasswordRequest,
        response: { 200: successSchema(sessionsEndedResult), ...failures },
      },
    },
    async (request) => {
      const { current_password, password } = request.body;
      const data = await account.changePassword(guard.session(request), current_password, password);
      return { status: true as const, message: TEXT.passwordChanged, data };
    },
  );

  app.post(
    '/api/account/sign-out-everywhere',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'Sign out of every device, this one included',
        security,
        response: { 200: successSchema(sessionsEndedResult), ...failures },
      },
    },
    async (request) => {
      const data = await account.signOutEverywhere(guard.session(request));
      return { status: true as const, message: TEXT.signedOutEverywhere, data };
    },
  );
}
