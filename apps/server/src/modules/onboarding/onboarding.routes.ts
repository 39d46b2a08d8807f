import { fullUser } from '@makan/contract/auth';
import { failureSchema, successSchema } from '@makan/contract/envelope';
import {
  onboardingStatus,
  preferencesRequest,
  preferencesResult,
  progressRequest,
  questionsResult,
} from '@makan/contract/onboarding';
import { TEXT } from '@makan/contract/texts';
import type { App } from '../../lib/http.ts';
import type { AuthGuard } from '../../plugins/auth.ts';
import type { OnboardingService } from './onboarding.service.ts';

const failures = { 401: failureSchema, 422: failureSchema };
const security = [{ bearerAuth: [] }];

export function onboardingRoutes(
  app: App,
  { onboarding, guard }: { onboarding: OnboardingService; guard: AuthGuard },
) {
  const tags = ['onboarding'];
  const userId = (request: Parameters<AuthGuard['session']>[0]) => guard.session(request).userId;

  app.get(
    '/api/onboarding/questions',
    {
      schema: {
        tags,
        summary: 'The three onboarding steps with their options in English and Arabic',
        response: { 200: successSchema(questionsResult) },
      },
    },
    async () => ({ status: true as const, data: onboarding.questions() }),
  );

  for (const [method, url] of [
    ['POST', '/api/onboarding/preferences'],
    ['PUT', '/api/user/preferences'],
  ] as const) {
    app.route({
      method,
      url,
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'Save complete preferences (purpose, at least one property type and one city)',
        security,
        body: preferencesRequest,
        response: { 200: successSchema(fullUser), ...failures },
      },
      handler: async (request) => ({
        status: true as const,
        message: TEXT.preferencesSaved,
        data: await onboarding.savePreferences(userId(request), request.body),
      }),
    });
  }

  app.get(
    '/api/user/preferences',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'The saved preferences, or null before onboarding is complete',
        security,
        response: { 200: successSchema(preferencesResult.nullable()), 401: failureSchema },
      },
    },
    async (request) => ({ status: true as const, data: await onboarding.preferences(userId(request)) }),
  );

  app.post(
    '/api/onboarding/progress',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'Save partial answers and the current step, so a reload keeps them',
        security,
        body: progressRequest,
        response: { 200: successSchema(onboardingStatus), ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      data: await onboarding.saveProgress(userId(request), request.body),
    }),
  );

  app.get(
    '/api/onboarding/status',
    {
      onRequest: guard.preHandler,
      schema: {
        tags,
        summary: 'Whether onboarding is complete, the current step and the answers so far',
        security,
        response: { 200: successSchema(onboardingStatus), 401: failureSchema },
      },
    },
    async (request) => ({ status: true as const, data: await onboarding.status(userId(request)) }),
  );
}
