import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from '../lib/http.ts';

/** OpenAPI 3 generated from the zod route schemas: JSON at /api/docs/json, browsable at /api/docs. */
export async function registerOpenApi(app: App, { publicUrl }: { publicUrl: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Makan API',
        version: '1.0.0',
        description:
          'Every answer is an envelope: `{ status: true, message?, data }` on success, `{ status: false, message, errors? }` on failure (`errors` maps fields to messages on 422).',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
