import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { createComment, createPost, createTags } from '../test/factories.ts';
import { signUp } from '../test/sign-in.ts';
import { tcpProxy } from '../test/tcp-proxy.ts';

// PostgreSQL out of reach for a while (restarted for an upgrade, a network blip, its connections
// ended by an operator or a pooler).
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL out of reach', () => {
  it('ends a connection in use without ending the process, and the pool carries on', async () => {
    const t = await buildTestApp();
    // An error event nobody listens to is thrown out of the socket's handler: it would end the process.
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const failed = await t.db
        .transaction()
        .execute(async (trx) => {
          // The server ends this very connection while a request holds it, between two statements.
          await sql`select pg_terminate_backend(pg_backend_pid())`.execute(trx).catch(() => {});
          await new Promise((resolve) => setTimeout(resolve, 200));
          await sql`select 1`.execute(trx);
        })
        .then(
          () => null,
          (error: Error) => error,
        );
      expect(failed).toBeInstanceOf(Error);
      expect(uncaught).toEqual([]);
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(t.db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await t.close();
    }
  });

  it('answers 503 in a few seconds while it is gone, and serves again once it is back, without a lost write', async () => {
    const proxy = await tcpProxy(process.env.TEST_DATABASE_URL!);
    const t = await buildTestApp({}, { postgresBase: proxy.url });
    try {
      await createTags(t, 'typescript');
      const alice = await signUp(t.app);
      const postId = await createPost(t.app, alice);
      await createComment(t.app, alice, postId, 'Before');
      const timed = async (request: InjectOptions) => {
        const started = Date.now();
        const res = await Promise.race([
          t.app.inject(request),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer in 10 s')), 10_000)),
        ]);
        return { status: res.statusCode, body: res.json() as { message: string; code: string }, ms: Date.now() - started };
      };
      const home = { url: '/api/pagination?page=0&limit=10' };
      const comment = (text: string) => ({
        method: 'POST' as const,
        url: '/api/comment-data',
        headers: alice.headers,
        payload: { postId, comment: text },
      });

      // Stopped: connections refused.
      proxy.cut();
      for (const request of [home, comment('While gone'), { url: '/api/ready' }]) {
        const res = await timed(request);
        expect(res.status).toBe(503);
        expect(res.body.code).toBe('INTERNAL');
        expect(res.body.message).not.toMatch(/ECONN|terminated|at /);
      }
      // Unreachable: connections never answered.
      proxy.hold();
      const held = await timed(home);
      expect(held.status).toBe(503);
      expect(held.ms).toBeLessThan(8000);

      proxy.restore();
      expect((await timed(home)).status).toBe(200);
      expect((await timed(comment('After'))).status).toBe(200);
      // Every write acknowledged is there; the one refused is not.
      const comments = await t.db.selectFrom('comments').select('comment').where('post_id', '=', postId).execute();
      expect(comments.map((c) => c.comment).sort()).toEqual(['After', 'Before']);
    } finally {
      proxy.restore();
      await t.close();
      await proxy.close();
    }
  });

  it('logs an outage as one warning for the many answers it fails, not an error with its stack for each', async () => {
    const proxy = await tcpProxy(process.env.TEST_DATABASE_URL!);
    const lines: Array<{ level: number; msg: string; err?: unknown; answered503?: number }> = [];
    const t = await buildTestApp(
      { LOG_LEVEL: 'info' },
      { postgresBase: proxy.url, logStream: { write: (line) => void lines.push(JSON.parse(line)) } },
    );
    try {
      proxy.cut();
      for (let i = 0; i < 20; i++) expect((await t.app.inject({ url: '/api/pagination?page=0&limit=10' })).statusCode).toBe(503);
      const warnings = lines.filter((l) => l.msg === 'database unreachable');
      // The first at once; the rest are counted into the next (ten seconds on).
      expect(warnings.length).toBeGreaterThanOrEqual(1);
      expect(warnings.length).toBeLessThan(20);
      expect(warnings[0]).toMatchObject({ level: 40, answered503: 1 });
      expect(warnings[0]!.err).toBeUndefined();
      expect(lines.filter((l) => l.msg === 'request failed')).toEqual([]);
    } finally {
      proxy.restore();
      await t.close();
      await proxy.close();
    }
  });
});
