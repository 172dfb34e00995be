import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createPost, createTags } from '../test/factories.ts';
import { signUp } from '../test/sign-in.ts';

// A database on the same host is best reached over its Unix socket (README, ADR 0016): the URL
// names the socket's folder with `?host=`. Runs in the PostgreSQL suite, where that server has
// a socket in the usual place.
const SOCKET_DIR = '/var/run/postgresql';
const base = process.env.TEST_DATABASE_URL;
const socketUrl = base && existsSync(`${SOCKET_DIR}/.s.PGSQL.5432`) ? withSocket(base) : null;

function withSocket(url: string): string {
  const u = new URL(url);
  u.host = 'localhost';
  u.searchParams.set('host', SOCKET_DIR);
  return u.toString();
}

describe.skipIf(!socketUrl)('PostgreSQL over its Unix socket', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({}, { postgresBase: socketUrl! });
  });
  afterAll(() => t?.close());

  it('serves writes and reads through the socket, not TCP', async () => {
    expect(t.config.databaseUrl).toContain('host=%2Fvar%2Frun%2Fpostgresql');
    // The server's address of a connection is null over a Unix socket (an address over TCP).
    const peer = await sql<{ addr: string | null }>`select inet_client_addr()::text as addr`.execute(t.db);
    expect(peer.rows[0]!.addr).toBeNull();

    await createTags(t, 'postgres');
    const ada = await signUp(t.app, { name: 'Ada' });
    const id = await createPost(t.app, ada, { title: 'Over the socket', category: 'postgres' });
    const comment = await t.app.inject({
      method: 'POST',
      url: '/api/comment-data',
      headers: { authorization: `Bearer ${ada.token}` },
      payload: { postId: id, comment: 'Sent through `/var/run/postgresql`.' },
    });
    expect(comment.statusCode).toBe(200);
    const page = await t.app.inject({ url: `/api/comment-pagination/${id}?page=0&limit=10` });
    expect(page.json()).toEqual([expect.objectContaining({ comment: 'Sent through `/var/run/postgresql`.' })]);
  });
});
