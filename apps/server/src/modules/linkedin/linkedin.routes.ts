import { linkedinCallbackRequest, linkedinUrlResult, loginResult } from '@makan/contract/auth';
import { failureSchema, successSchema } from '@makan/contract/envelope';
import { TEXT } from '@makan/contract/texts';
import type { App } from '../../lib/http.ts';
import type { LinkedinService } from './linkedin.service.ts';

export function linkedinRoutes(app: App, { linkedin }: { linkedin: LinkedinService }) {
  const tags = ['auth'];
  const unavailable = { 429: failureSchema, 502: failureSchema, 503: failureSchema };

  app.get(
    '/api/auth/linkedin',
    {
      schema: {
        tags,
        summary: 'Start a LinkedIn sign-in: the OpenID Connect authorization URL to open',
        description:
          'The URL carries state, nonce and a PKCE S256 challenge; the state is good for 10 minutes and one callback. 503 when LinkedIn sign-in is not configured, 502 when the provider cannot be reached.',
        response: { 200: successSchema(linkedinUrlResult), ...unavailable },
      },
    },
    async (request) => ({ status: true as const, data: await linkedin.authorizationUrl(request.ip) }),
  );

  app.post(
    '/api/auth/linkedin/callback',
    {
      schema: {
        tags,
        summary: 'Finish a LinkedIn sign-in with the code and state LinkedIn sent back',
        description:
          'Signs in to the account linked to the LinkedIn member, else links the account with the same verified email, else creates one. 400 for an unknown, used or expired state; 502 when the provider refuses the code or gives no verified email.',
        body: linkedinCallbackRequest,
        response: { 200: successSchema(loginResult), 400: failureSchema, 422: failureSchema, ...unavailable },
      },
    },
    async (request) => {
      const data = await linkedin.callback(request.body.code, request.body.state, request.ip);
      return {
        status: true as const,
        message: data.deletion_cancelled ? TEXT.accountDeletionCancelled : TEXT.loginSuccess,
        data,
      };
    },
  );
}
