import {
  forgotPasswordRequest,
  fullUser,
  loginRequest,
  loginResult,
  registerRequest,
  registerResult,
  resendResult,
  resendVerificationRequest,
  resetPasswordRequest,
  unlockRequest,
  verifyEmailRequest,
  verifyOtpRequest,
  verifyOtpResult,
} from '@makan/contract/auth';
import { failureSchema, successSchema } from '@makan/contract/envelope';
import { TEXT } from '@makan/contract/texts';
import { z } from 'zod';
import type { App } from '../../lib/http.ts';
import { type AuthGuard, requestLanguage } from '../../plugins/auth.ts';
import type { AuthService, Session } from './auth.service.ts';

const failures = {
  400: failureSchema,
  401: failureSchema,
  403: failureSchema,
  422: failureSchema,
  429: failureSchema,
};
const ok = successSchema(z.null());

export function authRoutes(
  app: App,
  {
    auth,
    guard,
    afterLogout,
    afterPasswordReset,
  }: {
    auth: AuthService;
    guard: AuthGuard;
    /** Told after a session ended (e.g. to close its real-time connections). */
    afterLogout?: (session: Session) => void;
    /** Told after a reset ended every session of a user (a stolen token's live sockets must close too). */
    afterPasswordReset?: (userId: number) => void;
  },
) {
  const tags = ['auth'];
  app.post(
    '/api/auth/register',
    {
      schema: {
        tags,
        summary: 'Create an account; codes are sent for the chosen verification method (default email)',
        body: registerRequest,
        response: { 201: successSchema(registerResult), ...failures },
      },
    },
    async (request, reply) => {
      const data = await auth.register(request.body, request.ip, requestLanguage(request));
      return reply.status(201).send({ status: true as const, message: TEXT.registerSuccess, data });
    },
  );

  app.post(
    '/api/auth/verify-otp',
    {
      schema: {
        tags,
        summary: 'Check a 4-digit code (registration, email verification or password reset)',
        description:
          'At most 5 wrong tries per code, 20 per account per 24 hours; limited per identifier and per address. A password-reset code answers with a reset_token for /reset-password.',
        body: verifyOtpRequest,
        response: { 200: successSchema(verifyOtpResult), ...failures },
      },
    },
    async (request) => {
      const { identifier, code, type } = request.body;
      const result = await auth.verifyOtp(identifier, code, type, request.ip);
      return { status: true as const, ...result };
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      schema: {
        tags,
        summary: 'Check the code sent to an email address',
        body: verifyEmailRequest,
        response: { 200: successSchema(verifyOtpResult), ...failures },
      },
    },
    async (request) => {
      const result = await auth.verifyOtp(
        request.body.email,
        request.body.code,
        'email_verification',
        request.ip,
      );
      return { status: true as const, ...result };
    },
  );

  app.post(
    '/api/auth/resend-verification',
    {
      schema: {
        tags,
        summary: 'Send a new code (at most once a minute)',
        body: resendVerificationRequest,
        response: { 200: successSchema(resendResult), ...failures },
      },
    },
    async (request) => {
      const data = await auth.resend(request.body.identifier, request.body.type, request.ip);
      return { status: true as const, message: TEXT.otpSent, data };
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags,
        summary: 'Log in with email or phone and password',
        description:
          'An unverified account answers 403 with data.verification (a fresh code is sent). Repeated failures for one identifier are slowed, then refused for 15 minutes.',
        body: loginRequest,
        response: { 200: successSchema(loginResult), ...failures },
      },
    },
    async (request) => {
      const data = await auth.login(request.body.identifier, request.body.password, request.ip);
      return {
        status: true as const,
        message: data.deletion_cancelled ? TEXT.accountDeletionCancelled : TEXT.loginSuccess,
        data,
      };
    },
  );

  app.post(
    '/api/auth/unlock/send',
    {
      schema: {
        tags,
        summary: 'Send a sign-in code to the owner of an account locked by wrong passwords',
        body: forgotPasswordRequest,
        response: { 200: successSchema(resendResult), ...failures },
      },
    },
    async (request) => {
      const data = await auth.sendUnlockCode(request.body.identifier, request.ip);
      return { status: true as const, message: TEXT.unlockCodeSent, data };
    },
  );

  app.post(
    '/api/auth/unlock',
    {
      schema: {
        tags,
        summary: 'Log in to a locked account with the code sent to its owner and the password',
        description: 'The lock stays for every other login; the code allows 5 tries (code or password).',
        body: unlockRequest,
        response: { 200: successSchema(loginResult), ...failures },
      },
    },
    async (request) => {
      const { identifier, code, password } = request.body;
      const data = await auth.unlock(identifier, code, password, request.ip);
      return {
        status: true as const,
        message: data.deletion_cancelled ? TEXT.accountDeletionCancelled : TEXT.loginSuccess,
        data,
      };
    },
  );

  app.post(
    '/api/auth/logout',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'Revoke the current token',
        security: [{ bearerAuth: [] }],
        response: { 200: ok, 401: failureSchema },
      },
    },
    async (request) => {
      const session = guard.session(request);
      await auth.logout(session);
      afterLogout?.(session);
      return { status: true as const, message: TEXT.logoutSuccess, data: null };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      schema: {
        tags,
        summary: 'Send a password-reset code to an email or phone',
        body: forgotPasswordRequest,
        response: { 200: successSchema(resendResult), ...failures },
      },
    },
    async (request) => {
      const data = await auth.forgotPassword(request.body.identifier, request.ip);
      return { status: true as const, message: TEXT.otpSent, data };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with the reset_token from verify-otp; revokes every session',
        body: resetPasswordRequest,
        response: { 200: ok, ...failures },
      },
    },
    async (request) => {
      const userId = await auth.resetPassword(request.body.reset_token, request.body.password, request.ip);
      afterPasswordReset?.(userId);
      return { status: true as const, message: TEXT.passwordReset, data: null };
    },
  );

  app.get(
    '/api/user',
    {
      onRequest: guard.preHandler,
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: successSchema(fullUser), 401: failureSchema },
      },
    },
    async (request) => ({ status: true as const, data: await auth.me(guard.session(request).userId) }),
  );
}
