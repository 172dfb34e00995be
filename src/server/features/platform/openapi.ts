import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/errors.ts';
import { TOTAL_COUNT_HEADER } from '#shared/page.ts';
import { isPageSchema } from '#shared/schemas/common.ts';
import packageJson from '../../../../package.json' with { type: 'json' };
import { sessionSettings } from '../../auth/session-lookup.ts';
import { AUTH_CALLS } from './auth-paths.ts';
import { FAVICON_SVG } from './icons.ts';

export const OPENAPI_PATH = '/api/openapi.json';

/**
 * The docs page's mark as a link home, named: the plugin puts its `logo.href` on the image, not
 * on the link around it, so the mark led nowhere and had no text for a screen reader.
 */
const homeLinkScript = (siteName: string): string => `new MutationObserver((_, observer) => {
  const link = document.querySelector('#swagger-ui .topbar .topbar-wrapper > a.link');
  const mark = link && link.querySelector('img');
  if (!mark) return;
  link.setAttribute('href', '/');
  mark.setAttribute('alt', ${JSON.stringify(`${siteName} home`)});
  observer.disconnect();
}).observe(document.documentElement, { childList: true, subtree: true });`;
export const DOCS_PATH = '/api/docs';
const AUTH_PREFIX = '/api/auth/';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The error statuses a route answers beyond those its shape implies (see the transform
     * below): 402 for an upgrade without payment, 404 for a body naming what does not exist,
     * 409 for a duplicate or an edit made from an older version, 413 and 415 for uploads, 429 for a read with its own limit.
     */
    errors?: readonly (keyof typeof ERROR_MEANINGS)[];
    /**
     * The file field of a multipart/form-data upload the route reads itself (it has no body
     * schema to validate): the document describes its request body from it.
     */
    uploadField?: { name: string; description: string };
  }
}

type JsonObject = Record<string, unknown>;
type Operation = JsonObject & { responses?: Record<string, JsonObject> };

/** What each error status means here (API.md "Errors: one shape everywhere"). */
const ERROR_MEANINGS = {
  400: 'The request is not valid (VALIDATION_FAILED); `details` lists the fields.',
  401: 'No session, or an expired or invalid one (UNAUTHENTICATED).',
  402: 'No completed payment (PAYMENT_REQUIRED).',
  403: 'Signed in but not allowed, the post limit reached, or banned (FORBIDDEN, POST_LIMIT_REACHED, BANNED).',
  404: 'No such post, member, comment or route (NOT_FOUND).',
  409: 'It already exists, is already done, or was edited since the version the edit started from (CONFLICT).',
  413: 'The upload is too large (PAYLOAD_TOO_LARGE).',
  415: 'Not an image we accept (UNSUPPORTED_MEDIA_TYPE).',
  422: 'Refused by the identity service (for example, the email is already registered).',
  429: 'Too many requests (RATE_LIMITED).',
  500: 'Something went wrong on our side (INTERNAL); never a stack trace.',
  502: 'The payment provider refused the forum’s own request (INTERNAL); its words are not passed on.',
  503: 'The payment provider (or the database) did not answer, or failed on its side; try again in a moment (INTERNAL).',
} as const satisfies Record<number, string>;

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const errorResponse = (status: number) => ({
  description: (ERROR_MEANINGS as Record<number, string>)[status] ?? 'An error.',
  content: { 'application/json': { schema: ERROR_REF } },
});

/** A zod schema as a JSON Schema 2020-12 object for the document (no $schema of its own). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonObject;
  return rest;
}

/** Who may make a call, from the guard its route runs first (plugins/auth.ts). */
function audienceOf(app: FastifyInstance, route: RouteOptions): 'public' | 'optional' | 'member' | 'admin' {
  const hooks = [route.onRequest ?? [], route.preHandler ?? []].flat();
  if (hooks.includes(app.guards.requireAdmin)) return 'admin';
  if (hooks.includes(app.guards.requireUser)) return 'member';
  if (hooks.includes(app.guards.optionalUser)) return 'optional';
  return 'public';
}

const SIGNED_IN = [{ cookie: [] }, { bearer: [] }];
const TAGS = { public: 'Anyone', optional: 'Anyone', member: 'Members', admin: 'Administrators' } as const;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Better Auth's calls (auth-paths.ts) as path items. */
function authPaths(): Record<string, Record<string, Operation>> {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const call of AUTH_CALLS) {
    const success = call.success ?? 200;
    const operation: Operation = {
      tags: ['Identity (Better Auth)'],
      summary: call.summary,
      ...(call.session ? { security: SIGNED_IN } : {}),
      ...(call.parameters ? { parameters: call.parameters } : {}),
      ...(call.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(call.body, 'input') } } } }
        : {}),
      responses: {
        [success]:
          success === 302
            ? { description: 'Redirects the browser back into the forum.' }
            : {
                description: 'Done.',
                ...(call.answer ? { content: { 'application/json': { schema: jsonSchema(call.answer, 'output') } } } : {}),
              },
        ...Object.fromEntries(call.errors.map((status) => [status, errorResponse(status)])),
      },
    };
    (paths[call.path] ??= {})[call.method] = operation;
  }
  return paths;
}

/**
 * The API described as OpenAPI 3.1 (GET /api/openapi.json), generated by @fastify/swagger from
 * the zod schemas every route validates with, and a page that shows it to a person
 * (GET /api/docs, Swagger UI served from its own package: nothing from a CDN). Registered
 * before the feature routes, so it sees each of them as it is added.
 *
 * Beyond what the schemas say, each operation gains: who may call it (a tag and its security
 * requirement, read from the route's guard), the error answers it can give in the one error
 * shape (a component): those its shape implies and those its `config.errors` names; and
 * X-Total-Count on the answers of paged calls (those whose answer schema is pageOf). Better
 * Auth's catch-all route is replaced by its calls, one by one.
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance) => {
    const { sessionCookie } = await sessionSettings(app.auth);
    const zodTransform = createJsonSchemaTransform({ skipList: [] });

    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: `${app.config.siteName} API`,
          version: packageJson.version,
          description:
            'The calls the web app makes. Errors have one shape (the Error schema); paged answers send the total in X-Total-Count. ' +
            'Sign in with Better Auth’s calls; then send the session cookie, or the token they answer as a bearer token.',
        },
        servers: [{ url: app.config.publicUrl }],
        components: {
          securitySchemes: {
            cookie: {
              type: 'apiKey',
              in: 'cookie',
              name: sessionCookie,
              description: 'Better Auth’s session cookie, set by sign-in and sign-up.',
            },
            bearer: { type: 'http', scheme: 'bearer', description: 'The `token` answered by sign-in and sign-up.' },
          },
        },
      },
      transform(input) {
        const { url } = input;
        const route = input.route as RouteOptions;
        // The docs page itself (Swagger UI's index, with or without the slash) is listed; its files are not.
        if (url === DOCS_PATH || url === `${DOCS_PATH}/`) {
          return {
            url: DOCS_PATH,
            schema: {
              summary: 'This document, shown to a person (Swagger UI)',
              tags: ['Documentation'],
              response: { 200: { description: 'An HTML page.', content: { 'text/html': { schema: { type: 'string' } } } } },
            },
          };
        }
        // Better Auth's catch-all is described call by call (authPaths); the web app's files are not the API.
        if (url.startsWith(AUTH_PREFIX) || !url.startsWith('/api')) return { schema: { hide: true }, url };
        const { schema: transformed } = zodTransform(input as Parameters<typeof zodTransform>[0]);
        const schema: JsonObject = { ...(transformed as JsonObject | undefined) };
        if (schema.hide) return { schema, url };

        const upload = route.config?.uploadField;
        if (upload) {
          schema.consumes = ['multipart/form-data'];
          schema.body = {
            type: 'object',
            properties: { [upload.name]: { type: 'string', format: 'binary', description: upload.description } },
            required: [upload.name],
          };
        }

        const audience = audienceOf(app, route);
        schema.tags = url === OPENAPI_PATH || url === DOCS_PATH ? ['Documentation'] : [TAGS[audience]];
        if (audience === 'member' || audience === 'admin') schema.security = SIGNED_IN;
        if (audience === 'optional') schema.security = [{}, ...SIGNED_IN];

        const response = { ...(schema.response as Record<string, JsonObject> | undefined) };
        const ok = (route.schema?.response as Record<string, unknown> | undefined)?.[200];
        if (ok && isPageSchema(ok) && response[200]) {
          response[200] = {
            ...response[200],
            'x-response-description': 'One page; the total is in X-Total-Count.',
            headers: { [TOTAL_COUNT_HEADER]: { type: 'integer', minimum: 0, description: 'How many items there are in all pages.' } },
          };
        }
        if (Object.keys(response).length > 0) schema.response = response;

        const methods = [route.method].flat();
        const errors = new Set<number>([500]);
        if (schema.body || schema.querystring || schema.params) errors.add(400);
        if (audience === 'member' || audience === 'admin') errors.add(401).add(403);
        if (url.includes(':')) errors.add(404);
        if (methods.some((m) => WRITES.has(m))) errors.add(429);
        for (const status of route.config?.errors ?? []) errors.add(status);
        schema['x-errors'] = [...errors].sort();
        return { schema, url };
      },
      transformObject(documents) {
        const document = jsonSchemaTransformObject(documents) as JsonObject & {
          paths: Record<string, Record<string, Operation>>;
          components: JsonObject & { schemas?: JsonObject };
        };
        // The error statuses gathered per route (x-errors) become responses in the one shape.
        for (const item of Object.values(document.paths)) {
          for (const operation of Object.values(item)) {
            const errors = operation['x-errors'] as number[] | undefined;
            if (!errors) continue;
            delete operation['x-errors'];
            operation.responses ??= {};
            for (const status of errors) operation.responses[status] ??= errorResponse(status);
          }
        }
        document.paths = { ...document.paths, ...authPaths() };
        document.components.schemas = { ...document.components.schemas, Error: jsonSchema(apiErrorSchema, 'output') };
        return document;
      },
    });

    app.get(OPENAPI_PATH, { schema: { summary: 'This document (OpenAPI 3.1)' } }, async (_request, reply) =>
      reply.header('cache-control', 'no-cache').send(app.swagger()),
    );

    await app.register(fastifySwaggerUi, {
      routePrefix: DOCS_PATH,
      uiConfig: { deepLinking: true },
      theme: {
        title: `${app.config.siteName} API`,
        // The top bar's "Explore" box loads any document from any address into this page, ours
        // or not; this page shows the forum's own. The mark, leading home, stays.
        css: [
          {
            filename: 'theme.css',
            content:
              '.swagger-ui .topbar .download-url-wrapper { display: none; } .swagger-ui .topbar .topbar-wrapper { flex-direction: row; align-items: center; } .swagger-ui .topbar .dark-mode-toggle { margin-left: auto; }',
          },
        ],
        js: [{ filename: 'home-link.js', content: homeLinkScript(app.config.siteName) }],
      },
      // The forum's mark instead of Swagger UI's (home-link.js makes it lead home).
      logo: { type: 'image/svg+xml', content: Buffer.from(FAVICON_SVG) },
    });
  },
  { name: 'openapi', dependencies: ['auth', 'db'] },
);
