import Ajv2020 from 'ajv/dist/2020.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres } from '../../db/engine.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createComment, createPost, createTags } from '../../test/factories.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a parsed document, read freely

/**
 * Every call the OpenAPI document lists, sent malformed input by a visitor, a member and an
 * administrator: each answers below 500, every refusal is in the one error shape, a call that
 * writes refuses what it cannot read, and the refused requests leave the database as it was.
 * The document is the list, so a call added later is covered without being named here.
 */

// Not sent: the event stream never ends, sign-out would end the sessions the walk uses, and
// Google's callback answers with redirects by design.
const NOT_WALKED = new Set(['/api/events', '/api/auth/sign-out', '/api/auth/callback/{provider}']);
// Tables a refused request may touch: a session's last use.
const MAY_CHANGE = new Set(['sessions']);

const MALFORMED_PARAMS = ['x'.repeat(3000), '%00', '..%2F..%2Fetc%2Fpasswd', '%E0%A4%A', "'%20or%201%3D1--"];
const MALFORMED_QUERIES = ['page=abc&limit=abc', 'page=-1&limit=0', 'page=1e20&limit=1e20', 'page[]=1&limit[a]=2', 'q=%00&search=%00'];

/** A value of another type than the schema asks for. */
const wrongValue = (schema: Json | undefined): unknown => (schema?.type === 'object' ? 'text' : { wrong: [1] });

/** The body's properties each given a value made by `value`; undefined when it has none. */
function bodyOf(schema: Json | undefined, value: (property: Json) => unknown): string | undefined {
  const properties = Object.entries((schema?.properties ?? {}) as Record<string, Json>);
  if (properties.length === 0) return undefined;
  return JSON.stringify(Object.fromEntries(properties.map(([name, property]) => [name, value(property)])));
}

interface Sent {
  label: string;
  status: number;
  body: string;
  /** Whether the request could not have been carried out: it must be refused. */
  mustRefuse: boolean;
}

describe('malformed requests to every documented call', () => {
  let t: TestApp;
  let doc: Json;
  let member: TestMember;
  let admin: TestMember;
  let postId: string;
  let commentId: string;

  /** Each table's rows, as text: what a refused request must leave as it was. */
  async function snapshot(): Promise<Record<string, string>> {
    const tables = isPostgres(t.db)
      ? (
          await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(t.db)
        ).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(t.db)).rows;
    const out: Record<string, string> = {};
    for (const { name } of tables) {
      if (MAY_CHANGE.has(name)) continue;
      const { rows } = await sql`select * from ${sql.table(name)}`.execute(t.db);
      out[name] = rows
        .map((row) => JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)))
        .sort()
        .join('\n');
    }
    return out;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    await createTags(t, 'typescript');
    admin = await createAdmin(t);
    member = await signUp(t.app);
    postId = await createPost(t.app, member);
    commentId = await createComment(t.app, admin, postId);
    doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
  });
  afterAll(() => t.close());

  it('answers each below 500, refuses in the one error shape, and changes nothing', async () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const validError = ajv.compile(doc.components.schemas.Error);
    // Well-formed values for a call's path, so that its checks past the address are reached too.
    const wellFormed: Record<string, string> = { id: postId, postId, email: encodeURIComponent(member.email), token: 'x' };
    const before = await snapshot();
    const sent: Sent[] = [];

    for (const [template, item] of Object.entries(doc.paths as Record<string, Json>)) {
      if (NOT_WALKED.has(template)) continue;
      const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      const paths = [
        { path: template.replace(/\{([^}]+)\}/g, (_m, name: string) => wellFormed[name] ?? commentId), malformed: false },
        ...(names.length ? MALFORMED_PARAMS.map((p) => ({ path: template.replace(/\{[^}]+\}/g, p), malformed: true })) : []),
      ];
      for (const [method, operation] of Object.entries(item)) {
        const jsonBody = operation.requestBody?.content?.['application/json']?.schema as Json | undefined;
        // The bodies the call's own schema refuses (null is a body create-payment may send).
        const refusedByDocument = (payload: string | undefined) =>
          payload !== undefined && jsonBody !== undefined && !ajv.validate(jsonBody, JSON.parse(payload));
        const bodies: { payload?: string; contentType?: string; malformed: boolean }[] =
          method === 'get'
            ? [{ malformed: false }]
            : [
                { payload: '{"unterminated', contentType: 'application/json', malformed: true },
                ...['null', '[]', bodyOf(jsonBody, wrongValue)]
                  .filter(refusedByDocument)
                  .map((payload) => ({ payload, contentType: 'application/json', malformed: true })),
                // Text no engine keeps as written (plugins/nul-text.ts), in every property.
                ...[bodyOf(jsonBody, () => 'nul\u0000text')]
                  .filter((payload) => payload !== undefined)
                  .map((payload) => ({ payload, contentType: 'application/json', malformed: true })),
              ];
        const queries = method === 'get' ? ['', ...MALFORMED_QUERIES] : [''];
        for (const caller of [undefined, member, admin]) {
          for (const { path, malformed: badPath } of paths) {
            for (const query of queries) {
              for (const { payload, contentType, malformed: badBody } of bodies) {
                const res = await t.app.inject({
                  method: method.toUpperCase() as 'GET',
                  url: query ? `${path}?${query}` : path,
                  headers: { ...(caller?.headers ?? {}), ...(contentType ? { 'content-type': contentType } : {}) },
                  ...(payload !== undefined ? { payload } : {}),
                });
                const who = caller === admin ? 'admin' : caller ? 'member' : 'visitor';
                sent.push({
                  label: `${who} ${method.toUpperCase()} ${path.slice(0, 80)}${query ? `?${query}` : ''} ${payload?.slice(0, 60) ?? ''}`,
                  status: res.statusCode,
                  body: res.body,
                  mustRefuse: method !== 'get' && (badPath || badBody),
                });
              }
            }
          }
        }
      }
    }

    // Enough of the surface was walked to mean something.
    expect(sent.length).toBeGreaterThan(2000);
    // Soft, so that one run tells every kind of fault it found.
    expect.soft(sent.filter((s) => s.status >= 500).map((s) => `${s.status} ${s.label}`)).toEqual([]);
    const badShape = sent.filter((s) => {
      if (s.status < 400) return false;
      try {
        return !validError(JSON.parse(s.body));
      } catch {
        return true;
      }
    });
    expect.soft(badShape.map((s) => `${s.status} ${s.label}: ${s.body.slice(0, 100)}`)).toEqual([]);
    expect.soft(sent.filter((s) => s.mustRefuse && s.status < 400).map((s) => `${s.status} ${s.label}`)).toEqual([]);
    expect.soft(await snapshot()).toEqual(before);
  });
});
