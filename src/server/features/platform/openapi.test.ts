import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../../../package.json' with { type: 'json' };
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { LIVE_EVENT_NAMES } from '#shared/live-events.ts';
import { AUTH_CALLS } from './auth-paths.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a parsed document, read freely

/** Fastify's /a/:id and /a/* as OpenAPI path templates. */
const toTemplate = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** Swagger UI's own files (its scripts, styles and its copy of the document), served under the docs page. */
const DOCS_UI_FILES = /^\/api\/docs\/(static\/.*|json|yaml)$/;

describe('the OpenAPI document and the docs page', () => {
  let t: TestApp;
  let doc: Json;

  beforeAll(async () => {
    t = await buildTestApp({ SITE_NAME: 'Rust & Friends' });
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    doc = res.json();
  });
  afterAll(() => t.close());

  it('is OpenAPI 3.1 with the forum’s name and version, paths and components', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: 'Rust & Friends API', version: packageJson.version });
    expect(Object.keys(doc.paths).length).toBeGreaterThan(40);
    expect(doc.components.schemas.Error).toEqual({
      type: 'object',
      properties: {
        message: { type: 'string' },
        code: { type: 'string', enum: expect.arrayContaining(['VALIDATION_FAILED', 'NOT_FOUND', 'INTERNAL']) },
        details: { type: 'array', items: expect.any(Object) },
      },
      required: ['message', 'code'],
      additionalProperties: false,
    });
  });

  it('describes every /api route the server has registered', () => {
    const routes = t.app.routeTable.filter((r) => r.url === '/api' || r.url.startsWith('/api/'));
    const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.url));
    const missing: string[] = [];
    for (const { method, url } of routes) {
      if (DOCS_UI_FILES.test(url)) continue;
      // Better Auth's catch-all is listed call by call, GET and POST alike.
      if (url === '/api/auth/*') {
        const calls = Object.entries(doc.paths).filter(
          ([path, item]) => path.startsWith('/api/auth/') && (item as Json)[method.toLowerCase()],
        );
        if (method === 'HEAD' ? !gets.has(url) : calls.length === 0) missing.push(`${method} ${url}`);
        continue;
      }
      // HEAD is answered wherever GET is (RFC 9110): the GET documents it.
      const documented =
        method === 'HEAD' ? gets.has(url) && doc.paths[toTemplate(url)]?.get : doc.paths[toTemplate(url)]?.[method.toLowerCase()];
      if (!documented) missing.push(`${method} ${url}`);
    }
    expect(missing).toEqual([]);
    // The exception above covers the docs page's own files only.
    expect(routes.filter((r) => DOCS_UI_FILES.test(r.url)).every((r) => r.method === 'GET' || r.method === 'HEAD')).toBe(true);
  });

  it('names every event the live stream carries', () => {
    const summary: string = doc.paths['/api/events'].get.summary;
    expect(LIVE_EVENT_NAMES.filter((name) => !new RegExp(`(^|[ ,])${name}( |,)`).test(summary))).toEqual([]);
  });

  it('lists Better Auth’s calls that the web app makes', () => {
    for (const path of [
      '/api/auth/sign-up/email',
      '/api/auth/sign-in/email',
      '/api/auth/sign-out',
      '/api/auth/sign-in/social',
      '/api/auth/update-user',
      '/api/auth/change-password',
    ]) {
      expect(doc.paths[path]?.post, path).toBeDefined();
    }
    expect(doc.paths['/api/auth/get-session'].get.responses[200].content['application/json'].schema).toBeDefined();
    expect(AUTH_CALLS.length).toBe(Object.keys(doc.paths).filter((p) => p.startsWith('/api/auth/')).length);
  });

  it('is valid in shape: every operation answers, path parameters are declared, every $ref resolves, every schema compiles', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const resolve = (ref: string) =>
      ref
        .replace(/^#\//, '')
        .split('/')
        .reduce<Json | undefined>((node, key) => node?.[key], doc);
    const refs: string[] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === '$ref' && typeof value === 'string') refs.push(value);
          else walk(value);
        }
      }
    };
    walk(doc);
    for (const ref of refs) expect(resolve(ref), ref).toBeDefined();

    const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
      expect(path).toMatch(/^\/api(\/|$)/);
      for (const [method, operation] of Object.entries(item)) {
        expect(METHODS, `${method} ${path}`).toContain(method);
        expect(Object.keys(operation.responses ?? {}).length, `${method} ${path}`).toBeGreaterThan(0);
        const declared = new Set((operation.parameters ?? []).filter((p: Json) => p.in === 'path').map((p: Json) => p.name));
        for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) expect(declared.has(name), `${method} ${path} {${name}}`).toBe(true);
        const schemas: Json[] = [
          ...(operation.parameters ?? []).map((p: Json) => p.schema),
          ...Object.values(operation.requestBody?.content ?? {}).map((c) => (c as Json).schema),
          ...Object.values(operation.responses as Record<string, Json>).flatMap((r) =>
            Object.values(r.content ?? {}).map((c) => (c as Json).schema),
          ),
        ];
        for (const schema of schemas) {
          // Inline the component references so each schema compiles on its own.
          const inlined = JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/components/schemas/Error"', '"$ref":"#/$defs/Error"'));
          expect(() => ajv.compile({ ...inlined, $defs: { Error: doc.components.schemas.Error } }), `${method} ${path}`).not.toThrow();
        }
      }
    }
  });

  it('sends X-Total-Count on paged answers only, and errors in the one shape', () => {
    const paged = doc.paths['/api/pagination'].get.responses[200];
    expect(paged.headers['X-Total-Count'].schema).toEqual({ type: 'integer', minimum: 0 });
    expect(doc.paths['/api/search'].get.responses[200].headers['X-Total-Count']).toBeDefined();
    expect(doc.paths['/api/members/{id}/posts'].get.responses[200].headers['X-Total-Count']).toBeDefined();
    expect(doc.paths['/api/post-data/{id}'].get.responses[200].headers).toBeUndefined();
    expect(doc.paths['/api/tag-data'].get.responses[200].headers).toBeUndefined();

    const create = doc.paths['/api/post-data'].post;
    for (const status of ['400', '401', '403', '429', '500']) {
      expect(create.responses[status]?.content['application/json'].schema, status).toEqual({ $ref: '#/components/schemas/Error' });
    }
    expect(create.requestBody.content['application/json'].schema.properties.title).toMatchObject({ type: 'string', maxLength: 150 });
    expect(doc.paths['/api/post-data/{id}'].get.responses['404']).toBeDefined();
  });

  it('lists the errors a call answers beyond those its shape implies (API.md: 402, 404, 409, 413, 415, 429)', () => {
    const expected: [string, string, string[]][] = [
      ['patch', '/api/update/membership/{email}', ['402']],
      ['post', '/api/create-payment', ['409']],
      ['post', '/api/tag-data', ['409']],
      ['patch', '/api/tag-data/{id}', ['409']],
      ['delete', '/api/tag-data/{id}', ['409']],
      ['post', '/api/reported-comment', ['404', '409']],
      ['patch', '/api/post-data/{id}', ['409']],
      ['patch', '/api/comment-data/{id}', ['409']],
      ['post', '/api/comment-data', ['404']],
      ['post', '/api/uploads/image', ['400', '413', '415']],
      ['get', '/api/events', ['429']],
      ['post', '/api/payments/sandbox/confirm', ['404']],
      ['post', '/api/payments/webhook', ['400', '404']],
    ];
    for (const [method, path, statuses] of expected) {
      const responses = doc.paths[path]?.[method]?.responses ?? {};
      for (const status of statuses) {
        expect(responses[status]?.content?.['application/json']?.schema, `${method} ${path} ${status}`).toEqual({
          $ref: '#/components/schemas/Error',
        });
      }
    }
    expect(doc.paths['/api/update/membership/{email}'].patch.responses['402'].description).toContain('PAYMENT_REQUIRED');
    // An edit names the version it was made from; one made from an older version is the 409.
    for (const path of ['/api/post-data/{id}', '/api/comment-data/{id}']) {
      const edit = doc.paths[path].patch;
      expect(edit.requestBody.content['application/json'].schema.properties.baseEditedAt, path).toMatchObject({
        description: expect.stringContaining('409 CONFLICT'),
      });
      expect(edit.responses['409'].description, path).toContain('edited since');
    }
    // The upload reads its multipart body itself; the document still says what to send.
    expect(doc.paths['/api/uploads/image'].post.requestBody).toEqual({
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { image: { type: 'string', format: 'binary', description: expect.stringContaining('PNG, JPEG, WebP or GIF') } },
            required: ['image'],
          },
        },
      },
    });
    // A mail's one-click unsubscribe: anyone with the token, the body as mailbox providers send it.
    const unsubscribe = doc.paths['/api/mail/unsubscribe'];
    expect(unsubscribe.post.security).toBeUndefined();
    expect(Object.keys(unsubscribe.post.requestBody.content).sort()).toEqual(['application/x-www-form-urlencoded', 'multipart/form-data']);
    expect(unsubscribe.post.parameters).toEqual([expect.objectContaining({ in: 'query', name: 'token', required: true })]);
    expect(Object.keys(unsubscribe.post.responses).sort()).toEqual(['200', '400', '429', '500']);
    expect(Object.keys(unsubscribe.get.responses).sort()).toEqual(['303', '400', '500']);
    // A call that cannot answer them does not list them.
    expect(doc.paths['/api/pagination'].get.responses['409']).toBeUndefined();
    expect(doc.paths['/api/post-data'].post.responses['402']).toBeUndefined();
  });

  it('describes Better Auth’s answers as they are: each real answer of the identity calls fits its documented schema', async () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const fits = (method: 'get' | 'post', path: string, body: unknown) => {
      const schema = doc.paths[path][method].responses['200'].content['application/json'].schema;
      const validate = ajv.compile(schema);
      expect(validate(body), `${method} ${path}: ${JSON.stringify(validate.errors)}`).toBe(true);
    };
    const password = 'Sturdy1!';
    const email = `openapi-${Date.now()}@example.test`;
    const signUpRes = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Doc Reader', email, password },
    });
    expect(signUpRes.statusCode).toBe(200);
    fits('post', '/api/auth/sign-up/email', signUpRes.json());
    const signInRes = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
    expect(signInRes.statusCode).toBe(200);
    fits('post', '/api/auth/sign-in/email', signInRes.json());
    const headers = { authorization: `Bearer ${(signInRes.json() as { token: string }).token}` };
    const session = await t.app.inject({ url: '/api/auth/get-session', headers });
    expect(session.json()).not.toBeNull();
    fits('get', '/api/auth/get-session', session.json());
    fits('get', '/api/auth/get-session', (await t.app.inject({ url: '/api/auth/get-session' })).json());
    const update = await t.app.inject({ method: 'POST', url: '/api/auth/update-user', headers, payload: { name: 'Doc Writer' } });
    expect(update.statusCode).toBe(200);
    fits('post', '/api/auth/update-user', update.json());
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers,
      payload: { currentPassword: password, newPassword: 'Sturdier2!' },
    });
    expect(change.statusCode).toBe(200);
    fits('post', '/api/auth/change-password', change.json());
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email, redirectTo: '/auth/reset-password' },
    });
    expect(reset.statusCode).toBe(200);
    fits('post', '/api/auth/request-password-reset', reset.json());
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers });
    expect(out.statusCode).toBe(200);
    fits('post', '/api/auth/sign-out', out.json());
  });

  it('names the auth schemes, cookie and bearer, and which calls need them', () => {
    expect(doc.components.securitySchemes).toEqual({
      cookie: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token', description: expect.any(String) },
      bearer: { type: 'http', scheme: 'bearer', description: expect.any(String) },
    });
    const signedIn = [{ cookie: [] }, { bearer: [] }];
    expect(doc.paths['/api/post-data'].post.security).toEqual(signedIn);
    expect(doc.paths['/api/admin-stats'].get.security).toEqual(signedIn);
    expect(doc.paths['/api/admin-stats'].get.tags).toEqual(['Administrators']);
    // Optional: anyone, and a session adds to the answer (the caller's vote).
    expect(doc.paths['/api/post-data/{id}'].get.security).toEqual([{}, ...signedIn]);
    expect(doc.paths['/api/pagination'].get.security).toBeUndefined();
  });

  it('shows the document to a person at /api/docs, from the server’s own files only', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(3);
    for (const asset of assets) {
      expect(asset, asset).toMatch(/^\/api\/docs\/(static|theme)\//);
      const res = await t.app.inject({ url: asset });
      expect(res.statusCode, asset).toBe(200);
    }
    // The page reads the same document.
    const copy = await t.app.inject({ url: '/api/docs/json' });
    expect(copy.json()).toEqual(doc);
    // HEAD works on the document too.
    const head = await t.app.inject({ method: 'HEAD', url: '/api/openapi.json' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });
});
