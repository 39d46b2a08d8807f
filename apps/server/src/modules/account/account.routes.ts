import {
  changeContactRequest,
  changeContactResult,
  changePasswordRequest,
  confirmContactRequest,
  sessionsEndedResult,
} from '@makan/contract/account';
import { fullUser } from '@makan/contract/auth';
import { failureSchema, successSchema } from '@makan/contract/envelope';
import { formatText, TEXT } from '@makan/contract/texts';
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
    '/api/account/contact',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary:
          'Ask to change the email or phone: a code goes to the new address (the password asked again)',
        description:
          'Nothing changes until the code is confirmed at /api/account/contact/confirm. An address of another account answers the signup messages.',
        security,
        body: changeContactRequest,
        response: { 200: successSchema(changeContactResult), ...failures },
      },
    },
    async (request) => {
      const { channel, value, current_password } = request.body;
      const data = await account.requestContactChange(
        guard.session(request),
        channel,
        value,
        current_password,
      );
      return {
        status: true as const,
        message: formatText(TEXT.contactCodeSent, { address: data.value }),
        data,
      };
    },
  );

  app.post(
    '/api/account/contact/confirm',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary:
          'Confirm a change of email or phone with the code sent to the new address; the old one is told',
        security,
        body: confirmContactRequest,
        response: { 200: successSchema(fullUser), ...failures },
      },
    },
    async (request) => {
      const { channel, code } = request.body;
      const data = await account.confirmContactChange(guard.session(request), channel, code);
      return {
        status: true as const,
        message: channel === 'email' ? TEXT.emailChanged : TEXT.phoneChanged,
        data,
      };
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
