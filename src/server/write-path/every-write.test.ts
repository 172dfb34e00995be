import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { isPostgres } from '../db/engine.ts';
import { unsubscribeTokens } from '../features/mail/unsubscribe-token.ts';
import { SEARCH_TERMS_VERSION } from '../features/search/search-terms.ts';
import { promoteToAdmin } from '../features/users/users.service.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { testRedisUrl } from '../test/redis.ts';
import { participantsBesideComments, storedCountsBesideRecount } from '../test/rows.ts';
import { signUp, type TestMember } from '../test/sign-in.ts';

/**
 * Every write route of API.md, one after another on one forum: after each, the kept reads
 * (lib/read-cache.ts) answer exactly what a server that keeps nothing computes, and every
 * stored count equals what the ledger's bulk path counts from the rows. A write that forgot a
 * reaction fails here; so does a write route this test does not perform.
 */

// Kept in this process (SQLite only) and in Redis (where one answers, always in CI).
const stores = [
  ...(process.env.TEST_DATABASE_URL ? [] : [{ store: 'memory', env: {} as Record<string, string> }]),
  ...(testRedisUrl ? [{ store: 'redis', env: { REDIS_URL: testRedisUrl } }] : []),
];

// Writes under /api that are not performed here, and why.
const NOT_PERFORMED: Record<string, string> = {
  // A read sent as POST (a list of ids).
  'POST /api/individual-comment-counts': 'reads only',
  // Renders Markdown for the editor's preview; writes nothing.
  'POST /api/markdown/preview': 'reads only',
  // Only with Stripe configured; its write path is covered with the Stripe stand-in in membership.routes.test.ts.
  'POST /api/payments/webhook': 'needs Stripe',
};

describe.runIf(stores.length > 0).each(stores)('every write keeps the kept reads and the counts true ($store)', ({ env }) => {
  let t: TestApp;
  let fresh: FastifyInstance;
  const performed = new Set<string>();

  beforeAll(async () => {
    t = await buildTestApp(env);
    // The same forum served by an instance that keeps nothing: what every read should answer.
    fresh = await buildApp({ config: { ...t.config, readCache: false }, database: t.database, logger: false });
    await fresh.ready();
  });
  afterAll(async () => {
    await fresh.close();
    await t.close();
  });

  const READS = ['/api/pagination?limit=20', '/api/post-data/popularity?limit=20', '/api/user-data', '/api/announcement-data'];
  const readAll = async (app: FastifyInstance) =>
    Promise.all(
      READS.map(async (url) => {
        const res = await app.inject({ url });
        return { url, status: res.statusCode, total: res.headers['x-total-count'], body: res.json() as unknown };
      }),
    );

  async function expectCountsTrue(step: string) {
    const { running, counted } = await storedCountsBesideRecount(t.db);
    expect(running, step).toEqual(counted);
  }

  /** The search index holds exactly one document per post and per comment, each made with today's terms' rule. */
  async function expectSearchIndexTrue(step: string) {
    const docs = await t.db.selectFrom('search_docs').select(['post_id', 'comment_id', 'terms_version']).execute();
    expect(
      docs.filter((d) => d.terms_version !== SEARCH_TERMS_VERSION),
      step,
    ).toEqual([]);
    const posts = await t.db.selectFrom('posts').select('id').execute();
    const comments = await t.db.selectFrom('comments').select(['id', 'post_id']).execute();
    const key = (postId: string, commentId: string | null) => `${postId}/${commentId ?? ''}`;
    expect(docs.map((d) => key(d.post_id, d.comment_id)).sort(), step).toEqual(
      [...posts.map((p) => key(p.id, null)), ...comments.map((c) => key(c.post_id, c.id))].sort(),
    );
  }

  /** Each post's commenters are kept as its comments make them (far fewer than the 50 a post keeps, here). */
  async function expectParticipantsTrue(step: string) {
    const { kept, counted } = await participantsBesideComments(t.db);
    expect(kept, step).toEqual(counted);
  }

  /** Performs one write route and checks what every write must leave behind. */
  async function write(route: string, send: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
    await readAll(t.app); // every kept read is kept now
    const res = await send();
    expect(res.statusCode, `${route}: ${res.body}`).toBeLessThan(300);
    performed.add(route);
    expect(await readAll(t.app), route).toEqual(await readAll(fresh));
    await expectCountsTrue(route);
    await expectSearchIndexTrue(route);
    await expectParticipantsTrue(route);
    return res;
  }

  const json = (m: TestMember) => ({ ...m.headers, 'content-type': 'application/json' });

  it('keeps what reads show in step with every write route', async () => {
    // The kept reads are really kept: a change behind the write path's back is not seen.
    const first = await signUp(t.app, { name: 'First' });
    await readAll(t.app);
    await t.db.updateTable('users').set({ name: 'Renamed behind its back' }).where('id', '=', first.id).execute();
    if (t.app.readCache) {
      const kept = await readAll(t.app);
      expect(JSON.stringify(kept)).not.toContain('Renamed behind its back');
      await t.app.readCache.invalidate();
    }

    const [alice, bob, carol] = [
      await signUp(t.app, { name: 'Alice' }),
      await signUp(t.app, { name: 'Bob' }),
      await signUp(t.app, { name: 'Carol' }),
    ];
    performed.add('POST /api/auth/sign-up/email');
    await expectCountsTrue('sign-up');
    const admin = await signUp(t.app, { name: 'Admin' });
    await promoteToAdmin(t.writePath, admin.email);
    const second = await signUp(t.app, { name: 'Second admin' });

    await write('PATCH /api/user/role/:email', () =>
      t.app.inject({ method: 'PATCH', url: `/api/user/role/${second.email}`, headers: admin.headers, payload: { role: 'Admin' } }),
    );
    await write('DELETE /api/user/role/:email', () =>
      t.app.inject({ method: 'DELETE', url: `/api/user/role/${second.email}`, headers: admin.headers }),
    );
    for (const tag of ['go', 'rust']) {
      await write('POST /api/tag-data', () =>
        t.app.inject({ method: 'POST', url: '/api/tag-data', headers: admin.headers, payload: { tag } }),
      );
    }
    const post = async (m: TestMember, title: string, category = 'go') =>
      (
        await write('POST /api/post-data', () =>
          t.app.inject({ method: 'POST', url: '/api/post-data', headers: m.headers, payload: { title, description: 'Words', category } }),
        )
      ).json().insertedId as string;
    const p1 = await post(alice, 'Alice one');
    const p2 = await post(alice, 'Alice two', 'rust');
    const p3 = await post(bob, 'Bob one');

    const vote = (m: TestMember, direction: 'up' | 'down', id: string) =>
      write(`PATCH /api/post-data/${direction}Vote/:id`, () =>
        t.app.inject({ method: 'PATCH', url: `/api/post-data/${direction}Vote/${id}`, headers: m.headers }),
      );
    await vote(bob, 'up', p1);
    await vote(carol, 'down', p1);
    await vote(carol, 'up', p1); // switched
    await vote(alice, 'up', p3);
    await vote(alice, 'up', p3); // withdrawn
    await vote(bob, 'down', p2);

    const comment = async (m: TestMember, postId: string, text: string) =>
      (
        await write('POST /api/comment-data', () =>
          t.app.inject({ method: 'POST', url: '/api/comment-data', headers: m.headers, payload: { postId, comment: text } }),
        )
      ).json().insertedId as string;
    await comment(bob, p1, 'Nice');
    const rude = await comment(carol, p1, 'Rude');
    const alsoRude = await comment(carol, p2, 'Also rude');
    const thanks = await comment(alice, p3, 'Thanks');

    // Notifications: one read, then the rest; the mail settings.
    const [newest] = (await t.app.inject({ url: '/api/notifications', headers: alice.headers })).json() as { _id: string }[];
    await write('PATCH /api/notifications/:id/read', () =>
      t.app.inject({ method: 'PATCH', url: `/api/notifications/${newest!._id}/read`, headers: alice.headers }),
    );
    await write('POST /api/notifications/read-all', () =>
      t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: alice.headers }),
    );
    await write('PATCH /api/notification-settings', () =>
      t.app.inject({ method: 'PATCH', url: '/api/notification-settings', headers: bob.headers, payload: { emailOnReply: false } }),
    );
    // A mail's one-click unsubscribe: no session, the signed token names the member.
    const unsubscribe = unsubscribeTokens(t.config.authSecret).sign({ memberId: alice.id, kind: 'comment' });
    await write('POST /api/mail/unsubscribe', () =>
      t.app.inject({
        method: 'POST',
        url: `/api/mail/unsubscribe?token=${encodeURIComponent(unsubscribe)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      }),
    );

    // Edits: a post that changes its tag and text, a comment's text; a reported comment removed.
    await write('PATCH /api/post-data/:id', () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/post-data/${p2}`,
        headers: alice.headers,
        payload: { title: 'Alice two, edited', category: 'go' },
      }),
    );
    await write('PATCH /api/comment-data/:id', () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/comment-data/${thanks}`,
        headers: alice.headers,
        payload: { comment: 'Thanks, **really**' },
      }),
    );
    await t.app.inject({
      method: 'POST',
      url: '/api/reported-comment',
      headers: alice.headers,
      payload: { commentId: alsoRude, ReportedComment: 'Spam or promotional content' },
    });
    await write('DELETE /api/comment-data/:id', () =>
      t.app.inject({ method: 'DELETE', url: `/api/comment-data/${alsoRude}`, headers: admin.headers }),
    );

    await write('POST /api/reported-comment', () =>
      t.app.inject({
        method: 'POST',
        url: '/api/reported-comment',
        headers: alice.headers,
        payload: { commentId: rude, ReportedComment: 'Abusive or disrespectful language' },
      }),
    );
    // A report dismissed: the report goes, the comment stays.
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/reported-comment',
      headers: bob.headers,
      payload: { commentId: thanks, ReportedComment: 'Spam or promotional content' },
    });
    await write('DELETE /api/reported-comment/:id', () =>
      t.app.inject({ method: 'DELETE', url: `/api/reported-comment/${filed.json().insertedId as string}`, headers: admin.headers }),
    );
    await write('POST /api/auth/update-user', () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { ...json(bob), origin: 'http://localhost:3000' },
        payload: { name: 'Bob Renamed', image: 'https://example.test/bob.png' },
      }),
    );
    await write('POST /api/user-data', () =>
      t.app.inject({
        method: 'POST',
        url: '/api/user-data',
        headers: carol.headers,
        payload: { name: 'Carol Renamed', email: carol.email },
      }),
    );
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 80, b: 40 } } })
      .png()
      .toBuffer();
    const boundary = '----every-write';
    await write('POST /api/uploads/image', () =>
      t.app.inject({
        method: 'POST',
        url: '/api/uploads/image',
        headers: { ...bob.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
          png,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      }),
    );
    await write('POST /api/announcement-data', () =>
      t.app.inject({
        method: 'POST',
        url: '/api/announcement-data',
        headers: admin.headers,
        payload: { title: 'Hello', description: 'Welcome' },
      }),
    );

    const announcement = (
      await t.app.inject({
        method: 'POST',
        url: '/api/announcement-data',
        headers: admin.headers,
        payload: { title: 'Soon gone', description: 'x' },
      })
    ).json().insertedId as string;
    await write('PATCH /api/announcement-data/:id', () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/announcement-data/${announcement}`,
        headers: admin.headers,
        payload: { description: 'Edited **text**' },
      }),
    );
    await write('DELETE /api/announcement-data/:id', () =>
      t.app.inject({ method: 'DELETE', url: `/api/announcement-data/${announcement}`, headers: admin.headers }),
    );
    // A tag renamed with its posts (and their comments), then removed with its posts moved.
    const tagIds = Object.fromEntries(
      ((await t.app.inject({ url: '/api/tag-data' })).json() as { _id: string; tag: string }[]).map((x) => [x.tag, x._id]),
    );
    await write('PATCH /api/tag-data/:id', () =>
      t.app.inject({ method: 'PATCH', url: `/api/tag-data/${tagIds.go}`, headers: admin.headers, payload: { tag: 'golang' } }),
    );
    await write('DELETE /api/tag-data/:id', () =>
      t.app.inject({ method: 'DELETE', url: `/api/tag-data/${tagIds.go}?moveTo=${tagIds.rust}`, headers: admin.headers }),
    );

    const { clientSecret } = (
      await write('POST /api/create-payment', () =>
        t.app.inject({ method: 'POST', url: '/api/create-payment', headers: bob.headers, payload: { price: 1 } }),
      )
    ).json() as { clientSecret: string };
    await write('POST /api/payments/sandbox/confirm', () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/confirm',
        headers: bob.headers,
        payload: {
          clientSecret,
          card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' },
          billing_details: { name: 'Bob', email: bob.email },
        },
      }),
    );
    await write('PATCH /api/update/membership/:email', () =>
      t.app.inject({ method: 'PATCH', url: `/api/update/membership/${bob.email}`, headers: bob.headers, payload: { membership: 'Gold' } }),
    );

    // The ban, then its reported comments, as the queue sends them.
    await write('DELETE /api/user-delete/:email', () =>
      t.app.inject({ method: 'DELETE', url: `/api/user-delete/${carol.email}`, headers: admin.headers }),
    );
    await write('DELETE /api/reported-comment-delete/:email', () =>
      t.app.inject({ method: 'DELETE', url: `/api/reported-comment-delete/${carol.email}`, headers: admin.headers }),
    );
    // A post with votes, comments (one of them from a banned member) and a removed report.
    await write('DELETE /api/post-delete/:id', () =>
      t.app.inject({ method: 'DELETE', url: `/api/post-delete/${p1}`, headers: alice.headers }),
    );
    await write('DELETE /api/post-delete/:id', () =>
      t.app.inject({ method: 'DELETE', url: `/api/post-delete/${p3}`, headers: admin.headers }),
    );
    await write('POST /api/auth/sign-out', () =>
      t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { ...json(bob), origin: 'http://localhost:3000' }, payload: {} }),
    );
    expect(isPostgres(t.db) || t.app.readCache !== null).toBe(true);
  });

  it('has performed every write route the app serves', () => {
    const writeRoutes = t.app.routeTable
      .filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && r.url.startsWith('/api/') && !r.url.startsWith('/api/auth/'))
      .map((r) => `${r.method} ${r.url}`);
    expect(writeRoutes.length).toBeGreaterThan(15);
    const missing = writeRoutes.filter((route) => !performed.has(route) && !(route in NOT_PERFORMED));
    expect(missing).toEqual([]);
  });
});
