import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { App } from '../lib/http.ts';

/**
 * The tags routes may use, one per feature. Declared here with their descriptions so the document
 * lists them; a route with a tag missing here fails the Spectral lint (`operation-tag-defined`), and
 * a tag here that no route uses fails `openapi.test.ts`.
 */
export const OPENAPI_TAGS = [
  {
    name: 'auth',
    description:
      'Accounts: registration, verification codes, login, logout, password reset, LinkedIn sign-in.',
  },
  { name: 'users', description: 'The signed-in user.' },
  {
    name: 'account',
    description: 'What signed-in users change about their own account: password, email and phone, sessions.',
  },
  { name: 'onboarding', description: 'The three onboarding steps and the preferences they save.' },
  { name: 'posts', description: 'Property posts: the feed, search, create, edit, delete, likes.' },
  { name: 'comments', description: 'Comments on posts and their replies.' },
  { name: 'bookmarks', description: 'Posts a user bookmarked.' },
  {
    name: 'profiles',
    description: 'Profiles of people and companies, follows, profile pictures and covers.',
  },
  { name: 'chat', description: 'Private conversations, messages and files (live events go over Socket.IO).' },
  { name: 'blocks', description: 'Blocking another account, and the list of accounts one blocked.' },
  {
    name: 'notifications',
    description: 'What happened to my listings, comments, followers, messages and reports; the bell.',
  },
  {
    name: 'saved searches',
    description: 'What I look for, kept and run again; told when a listing appears that matches it.',
  },
  {
    name: 'verification',
    description:
      'Companies asking to be verified with their commercial registration (the Verified company badge).',
  },
  { name: 'reports', description: 'Reports of posts, comments, messages and accounts to the moderators.' },
  {
    name: 'moderation',
    description:
      'The moderators’ console: the queue of reports, actions, the audit log, moderators (staff only).',
  },
  { name: 'cities', description: 'Cities and their names in English and Arabic.' },
  { name: 'contact', description: 'Messages to the support team.' },
  { name: 'health', description: 'Liveness and readiness checks for load balancers and orchestrators.' },
] as const;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/**
 * `GET /api/posts/{id}/comments` → `getPostsByIdComments`: the HTTP method, then the path without its
 * `/api` prefix, path parameters as `By<Name>`. Predictable from the method and path, so it stays the
 * same as long as the route does, and unique because method and path are.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api')
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment)?.[1];
      const parts = (param ?? segment).split(/[^A-Za-z0-9]+/).filter(Boolean);
      return param ? ['by', ...parts] : parts;
    });
  return [method.toLowerCase(), ...words.map((word) => word[0]?.toUpperCase() + word.slice(1))].join('');
}

/**
 * The named schemas come in an input and an output form each; the ones no operation (or other used
 * schema) refers to are dropped, so the document lists only what it uses.
 */
function dropUnusedSchemas(document: { components?: { schemas?: Record<string, unknown> } }): void {
  const schemas = document.components?.schemas;
  if (!schemas) return;
  for (let removed = true; removed; ) {
    removed = false;
    for (const name of Object.keys(schemas)) {
      const { [name]: _self, ...others } = schemas;
      const ref = JSON.stringify(`#/components/schemas/${name}`);
      if (JSON.stringify({ ...document, components: { schemas: others } }).includes(ref)) continue;
      delete schemas[name];
      removed = true;
    }
  }
}

/**
 * What every operation gets that no route writes by hand: an `operationId` (unless the route's schema
 * sets one) and, after the route's own description if any, who may call it, read from the `security`
 * the route declares. The summary stays the route's one line.
 */
const completeOperations: SwaggerTransformObject = (documentObject) => {
  if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
  // Schemas named with `.meta({ id })` (Failure, TextKey) become components the operations refer to.
  const document = jsonSchemaTransformObject(documentObject);
  if ('components' in document) dropUnusedSchemas(document);
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      operation.operationId ??= operationIdOf(method, path);
      const access = operation.security?.length
        ? 'Signed-in users only: send the session token as `Authorization: Bearer <token>`.'
        : 'Open to anyone: no token needed.';
      operation.description = [operation.description, access].filter(Boolean).join('\n\n');
    }
  }
  return document;
};

/** OpenAPI 3 generated from the zod route schemas: JSON at /api/docs/json, browsable at /api/docs. */
export async function registerOpenApi(
  app: App,
  { publicUrl, supportEmail }: { publicUrl: string; supportEmail: string },
) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Makan API',
        version: '1.0.0',
        description:
          'Every answer is an envelope: `{ status: true, message?, data }` on success, `{ status: false, message, errors? }` on failure (`errors` maps fields to messages on 422). Beside the words, a failure names the catalogue texts they are (`code` and `params` for `message`, `codes` for `errors`, keys of TextKey), so clients translate by key.',
        contact: { name: 'Makan support', email: supportEmail, url: `${publicUrl}/contact` },
      },
      servers: [{ url: publicUrl }],
      tags: [...OPENAPI_TAGS],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: completeOperations,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
