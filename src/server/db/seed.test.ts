import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { signIn } from '../test/sign-in.ts';
import { DEFAULT_SEED, SEED_ADMIN_EMAIL, SEED_INBOX_MEMBERS, seedForum } from './seed.ts';
import { countRows, participantsBesideComments } from '../test/rows.ts';
import { readCounter } from '../features/counters/counters.queries.ts';

describe('demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await seedForum(t.writePath, { ...DEFAULT_SEED, members: 8, posts: 30 });
  });
  afterAll(() => t.close());

  const count = (table: 'posts' | 'comments' | 'users' | 'votes') => countRows(t.db, table);

  it('creates members who can sign in with the demo password, the admin among them', async () => {
    const res = await signIn(t.app, SEED_ADMIN_EMAIL, DEFAULT_SEED.password);
    expect(res.statusCode).toBe(200);
    const role = await t.app.inject({
      url: `/api/users/role/${SEED_ADMIN_EMAIL}`,
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    expect(role.json()).toEqual({ role: 'Admin' });
    expect((await signIn(t.app, 'member1@codecommons.test', DEFAULT_SEED.password)).statusCode).toBe(200);
  });

  it("puts fresh comments on the first demo members' newest posts, notified as any comment is", async () => {
    const member1 = await signIn(t.app, 'member1@codecommons.test', DEFAULT_SEED.password);
    const auth = { authorization: `Bearer ${member1.json().token}` };
    const me = await t.db.selectFrom('users').select('id').where('email', '=', 'member1@codecommons.test').executeTakeFirstOrThrow();
    const newest = await t.db
      .selectFrom('posts')
      .select('id')
      .where('author_id', '=', me.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const list = await t.app.inject({ url: '/api/notifications', headers: auth });
    expect(list.statusCode).toBe(200);
    const onNewest = (list.json() as Array<{ type: string; postId: string }>).filter((n) => n.postId === newest.id);
    expect(onNewest.map((n) => n.type)).toContain('comment');
    const count = await t.app.inject({ url: '/api/notifications/unread-count', headers: auth });
    expect(count.json().count).toBeGreaterThan(0);
    // The next demo members too; the rest only have what the bulk load wrote (no notifications).
    const unread = await t.db.selectFrom('users').select(['email', 'unread_notifications']).where('email', 'like', 'member%').execute();
    const inboxes = new Map(unread.map((u) => [u.email, Number(u.unread_notifications)]));
    for (let i = 1; i <= SEED_INBOX_MEMBERS; i += 1) expect(inboxes.get(`member${i}@codecommons.test`), `member${i}`).toBeGreaterThan(0);
  });

  it('keeps the stored counters equal to the real rows', async () => {
    expect(await count('posts')).toBe(30);
    expect(await count('users')).toBe(9);
    // A total may be spread over shards (PostgreSQL): read as the site's totals are.
    expect(await readCounter(t.db, 'posts')).toBe(30);
    expect(await readCounter(t.db, 'comments')).toBe(await count('comments'));
    const posts = await t.db.selectFrom('posts').select(['id', 'up_votes', 'down_votes', 'score', 'comment_count']).execute();
    for (const p of posts) {
      const votes = await t.db.selectFrom('votes').select(['value']).where('post_id', '=', p.id).execute();
      const comments = await t.db.selectFrom('comments').select('id').where('post_id', '=', p.id).execute();
      expect(p.up_votes).toBe(votes.filter((v) => v.value === 1).length);
      expect(p.down_votes).toBe(votes.filter((v) => v.value === -1).length);
      expect(p.score).toBe(p.up_votes - p.down_votes);
      expect(p.comment_count).toBe(comments.length);
    }
    for (const tag of await t.db.selectFrom('tags').select(['tag', 'post_count']).execute()) {
      const real = await t.db
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('category', '=', tag.tag)
        .executeTakeFirstOrThrow();
      expect(Number(tag.post_count), tag.tag).toBe(Number(real.n));
    }
    // Each post's commenters, with their latest comment's time, as a comment would keep them.
    const participants = await participantsBesideComments(t.db);
    expect(participants.counted.length).toBeGreaterThan(0);
    expect(participants.kept).toEqual(participants.counted);
  });

  it("files its reports on other members' comments only, as a post owner may (never their own)", async () => {
    // Two members: half the comments sit under their own writer's post.
    const few = await buildTestApp();
    try {
      await seedForum(few.writePath, { ...DEFAULT_SEED, members: 2, posts: 30 });
      const reports = await few.db
        .selectFrom('reports as r')
        .innerJoin('comments as c', 'c.id', 'r.comment_id')
        .innerJoin('posts as p', 'p.id', 'c.post_id')
        .select(['r.reporter_id', 'c.author_id as commenter', 'p.author_id as owner'])
        .execute();
      expect(reports.length).toBeGreaterThan(0);
      for (const r of reports) {
        expect(r.reporter_id).toBe(r.owner);
        expect(r.commenter).not.toBe(r.reporter_id);
      }
    } finally {
      await few.close();
    }
  });

  it('is deterministic: the same seed writes the same titles', async () => {
    const other = await buildTestApp();
    try {
      await seedForum(other.writePath, { ...DEFAULT_SEED, members: 8, posts: 30 });
      const titles = async (db: TestApp['db']) =>
        (await db.selectFrom('posts').select('title').orderBy('created_at').execute()).map((r) => r.title);
      expect(await titles(other.db)).toEqual(await titles(t.db));
    } finally {
      await other.close();
    }
  });
});
