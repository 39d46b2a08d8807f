import {
  ACCOUNT_DELETION_GRACE_DAYS,
  accountCodeRequest,
  accountCodeResult,
  changeContactRequest,
  changeContactResult,
  changePasswordRequest,
  confirmContactRequest,
  dataExportParams,
  dataExportSchema,
  deleteAccountRequest,
  deletionScheduled,
  latestDataExport,
  sessionsEndedResult,
} from '@makan/contract/account';
import { fullUser } from '@makan/contract/auth';
import { failureSchema, successSchema } from '@makan/contract/envelope';
import { formatText, TEXT } from '@makan/contract/texts';
import { contentDisposition } from '../../lib/file-name.ts';
import type { App } from '../../lib/http.ts';
import type { AuthGuard } from '../../plugins/auth.ts';
import type { AccountService } from './account.service.ts';

const failures = {
  400: failureSchema,
  401: failureSchema,
  422: failureSchema,
  429: failureSchema,
};
const readFailures = { 401: failureSchema, 429: failureSchema };

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
          'A wrong current password counts as a failed login of the account. An account without a password (LinkedIn only) sets its first one with a `code` from /api/account/code (action `password`). The owner is told by email and SMS.',
        security,
        body: changePasswordRequest,
        response: { 200: successSchema(sessionsEndedResult), ...failures },
      },
    },
    async (request) => {
      const { password, ...proof } = request.body;
      const { first, ...data } = await account.changePassword(guard.session(request), proof, password);
      return { status: true as const, message: first ? TEXT.passwordSet : TEXT.passwordChanged, data };
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
          'Nothing changes until the code is confirmed at /api/account/contact/confirm. An address of another account answers the signup messages. An account without a password proves itself with a `code` from /api/account/code (action `contact_change`).',
        security,
        body: changeContactRequest,
        response: { 200: successSchema(changeContactResult), ...failures },
      },
    },
    async (request) => {
      const { channel, value, ...proof } = request.body;
      const data = await account.requestContactChange(guard.session(request), channel, value, proof);
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

  app.post(
    '/api/account/code',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary:
          'For an account without a password (LinkedIn only): a code to its email, asked instead of the password before an action',
        description:
          'Actions: `password` (set a first password), `contact_change` (change the email or phone), `deletion` (delete the account). Each code works for its own action only. An account with a password answers 422 (the password is asked instead).',
        security,
        body: accountCodeRequest,
        response: { 200: successSchema(accountCodeResult), ...failures },
      },
    },
    async (request) => {
      const data = await account.sendProofCode(guard.session(request), request.body.action);
      const text = data.action === 'deletion' ? TEXT.deletionCodeSent : TEXT.identityCodeSent;
      return { status: true as const, message: formatText(text, { address: data.value }), data };
    },
  );

  app.post(
    '/api/account/deletion',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: `Delete the account: erased after ${ACCOUNT_DELETION_GRACE_DAYS} days unless its owner signs in before`,
        description:
          'The password asked again (or, for an account without one, the code from /api/account/code, action `deletion`). Every session ends at once. After the grace period the profile, posts, comments, likes, follows and media are erased; messages stay in their conversations from a deleted account.',
        security,
        body: deleteAccountRequest,
        response: { 200: successSchema(deletionScheduled), ...failures },
      },
    },
    async (request) => {
      const data = await account.requestDeletion(guard.session(request), request.body);
      return {
        status: true as const,
        message: formatText(TEXT.accountDeletionScheduled, { days: ACCOUNT_DELETION_GRACE_DAYS }),
        data,
      };
    },
  );

  app.post(
    '/api/account/export',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'Ask for a copy of your data (JSON), prepared in the background',
        description:
          'Answers 202 with the export, pending; GET /api/account/export tells when it is ready, and an email says so too. 409 while one is being prepared.',
        security,
        response: { 202: successSchema(dataExportSchema), 409: failureSchema, ...failures },
      },
    },
    async (request, reply) => {
      const data = await account.requestExport(guard.session(request));
      return reply.code(202).send({ status: true as const, message: TEXT.dataExportRequested, data });
    },
  );

  app.get(
    '/api/account/export',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'The latest copy of your data asked for: pending, ready (with its link) or failed',
        security,
        response: { 200: successSchema(latestDataExport), ...readFailures },
      },
    },
    async (request) => {
      const data = await account.latestExport(guard.session(request));
      return { status: true as const, data };
    },
  );

  app.get(
    '/api/account/export/:key',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'Download a prepared copy of your data (the owner only, until it expires)',
        description: '404 for anyone but its owner; 410 once expired.',
        security,
        params: dataExportParams,
      },
    },
    async (request, reply) => {
      const found = await account.exportDownload(guard.session(request), request.params.key);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-length', found.object.size)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDisposition('attachment', found.fileName))
        .send(found.object.body);
    },
  );
}
