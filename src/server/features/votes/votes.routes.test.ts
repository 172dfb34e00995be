import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteTotal } from '../counters/counters.service.ts';
import { buildTestApp, languageSortedDatabase, type TestApp } from '../../test/build-test-app.ts';
import { createComment, createPost, createTags } from '../../test/factories.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';

describe('votes: one per member per post', () => {
  let t: TestApp;
  let author: TestMember;
  let a: TestMember;
  let b: TestMember;
  let postId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    await createTags(t, 'go');
    [author, a, b] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    postId = await createPost(t.app, author, { category: 'go' });
  });
  afterAll(() => t.close());

  const vote = (m: TestMember, dir: 'up' | 'down', id = postId) =>
    t.app.inject({ method: 'PATCH', url: `/api/post-data/${dir}Vote/${id}`, headers: m.headers, payload: { upVote: 1000 } });

  it('adds, withdraws and switches, ignoring any count the body sends', async () => {
    expect((await vote(a, 'up')).json()).toEqual({ modifiedCount: 1, upVote: 1, downVote: 0, myVote: 'up' });
    expect((await vote(b, 'up')).json()).toMatchObject({ upVote: 2, downVote: 0, myVote: 'up' });
    // Same direction again withdraws.
    expect((await vote(a, 'up')).json()).toMatchObject({ upVote: 1, downVote: 0, myVote: null });
    // The other direction switches.
    expect((await vote(b, 'down')).json()).toMatchObject({ upVote: 0, downVote: 1, myVote: 'down' });
    expect((await vote(a, 'down')).json()).toMatchObject({ upVote: 0, downVote: 2, myVote: 'down' });
    expect((await vote(a, 'up')).json()).toMatchObject({ upVote: 1, downVote: 1, myVote: 'up' });

    const post = (await t.app.inject({ url: `/api/post-data/${postId}`, headers: b.headers })).json();
    expect(post).toMatchObject({ upVote: 1, downVote: 1, myVote: 'down' });
  });

  it('keeps the stored counters equal to the vote and comment rows after mixed writes', async () => {
    const others = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    const second = await createPost(t.app, a, { category: 'go' });
    for (const [i, m] of others.entries()) {
      await vote(m, i % 2 ? 'down' : 'up', second);
      await vote(m, 'up', postId);
      await createComment(t.app, m, i % 2 ? postId : second, `comment ${i}`);
    }
    await vote(others[0]!, 'down', second);
    await vote(others[1]!, 'down', second);
    for (const id of [postId, second]) {
      const row = await t.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const votes = await t.db.selectFrom('votes').select('value').where('post_id', '=', id).execute();
      const comments = await t.db.selectFrom('comments').select('id').where('post_id', '=', id).execute();
      expect(row.up_votes).toBe(votes.filter((v) => v.value === 1).length);
      expect(row.down_votes).toBe(votes.filter((v) => v.value === -1).length);
      expect(row.score).toBe(row.up_votes - row.down_votes);
      expect(row.comment_count).toBe(comments.length);
    }
    const total = await t.db
      .selectFrom('comments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(await siteTotal(t.db, 'comments')).toBe(Number(total.n));
  });

  it('takes votes sent at once by the same member as if one after another (a double click)', async () => {
    const clicker = await signUp(t.app);
    const target = await createPost(t.app, author, { category: 'go' });
    const stored = async () => ({
      post: await t.db.selectFrom('posts').select(['up_votes', 'down_votes']).where('id', '=', target).executeTakeFirstOrThrow(),
      votes: await t.db.selectFrom('votes').select('value').where('post_id', '=', target).execute(),
    });
    const answers = await Promise.all(Array.from({ length: 7 }, () => vote(clicker, 'up', target)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(7).fill(200));
    // Seven toggles: up, withdrawn, up, … ending up.
    expect(answers.filter((r) => r.json().myVote === 'up')).toHaveLength(4);
    expect(await stored()).toEqual({ post: { up_votes: 1, down_votes: 0 }, votes: [{ value: 1 }] });
    // Again, on connections that have the statements parsed: PostgreSQL is then sent the taking
    // of the post's row and the read in one message, and the read must still begin after the wait.
    const again = await Promise.all(Array.from({ length: 7 }, () => vote(clicker, 'up', target)));
    expect(again.filter((r) => r.json().myVote === 'up')).toHaveLength(3);
    expect(await stored()).toEqual({ post: { up_votes: 0, down_votes: 0 }, votes: [] });
  });

  it('refuses a visitor (401) and answers 404 for an unknown post, changing nothing', async () => {
    const anon = await t.app.inject({ method: 'PATCH', url: `/api/post-data/upVote/${postId}` });
    expect(anon.statusCode).toBe(401);
    const missing = await vote(a, 'up', '00000000-0000-7000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('comments', () => {
  let t: TestApp;
  let author: TestMember;
  let reader: TestMember;
  let postId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    await createTags(t, 'rust');
    author = await signUp(t.app, { name: 'Author' });
    reader = await signUp(t.app, { name: 'Reader' });
    postId = await createPost(t.app, author, { category: 'rust' });
  });
  afterAll(() => t.close());

  it('adds comments from the session and lists them oldest first without emails', async () => {
    await createComment(t.app, reader, postId, 'first');
    await createComment(t.app, author, postId, 'second');
    await t.app.inject({
      method: 'POST',
      url: '/api/comment-data',
      headers: reader.headers,
      payload: { postId, comment: 'third', commenter_email: 'forged@x.y', commenter_name: 'Forged' },
    });
    const res = await t.app.inject({ url: `/api/comment-pagination/${postId}?page=0&limit=2` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.json()).toEqual([
      {
        _id: expect.any(String),
        comment: 'first',
        commentHtml: '<p>first</p>',
        commenter_name: 'Reader',
        commenter_photo: null,
        createdAt: expect.any(String),
        postId,
        authorId: reader.id,
        editedAt: null,
      },
      expect.objectContaining({ comment: 'second', commenter_name: 'Author' }),
    ]);
    const page2 = (await t.app.inject({ url: `/api/comment-pagination/${postId}?page=1&limit=2` })).json();
    expect(page2).toEqual([expect.objectContaining({ comment: 'third', commenter_name: 'Reader' })]);
    expect(res.body).not.toContain('@');
  });

  it('counts a post’s comments and answers counts for many posts, 0 for unknown ids', async () => {
    expect((await t.app.inject({ url: `/api/post-comment-count/${postId}` })).json()).toEqual({ count: 3 });
    const res = await t.app.inject({ method: 'POST', url: '/api/individual-comment-counts', payload: { postIds: [postId, 'nope'] } });
    expect(res.json()).toEqual([
      { postId, commentCount: 3 },
      { postId: 'nope', commentCount: 0 },
    ]);
    const list = (await t.app.inject({ url: '/api/pagination' })).json();
    expect(list[0]).toMatchObject({ commentCount: 3 });
  });

  it.each([
    [{ postId: 'x', comment: '' }],
    [{ postId: 'x', comment: '   ' }],
    [{ postId: 'x', comment: '\u200b\u200b' }],
    [{ comment: 'no post' }],
    [{ postId: 'x', comment: 'c'.repeat(5001) }],
    [{ postId: 5, comment: 'wrong type' }],
  ])('refuses %j with 400 and writes nothing', async (payload) => {
    const before = (await t.app.inject({ url: `/api/post-comment-count/${postId}` })).json().count;
    const res = await t.app.inject({ method: 'POST', url: '/api/comment-data', headers: reader.headers, payload });
    expect(res.statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/post-comment-count/${postId}` })).json().count).toBe(before);
  });

  it('answers 404 for a comment on a missing post, 401 for a visitor, 400 for over 100 ids', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/comment-data',
      headers: reader.headers,
      payload: { postId: 'nope', comment: 'hi' },
    });
    expect(missing.statusCode).toBe(404);
    const anon = await t.app.inject({ method: 'POST', url: '/api/comment-data', payload: { postId, comment: 'hi' } });
    expect(anon.statusCode).toBe(401);
    const many = await t.app.inject({
      method: 'POST',
      url: '/api/individual-comment-counts',
      payload: { postIds: Array.from({ length: 101 }, (_, i) => `p${i}`) },
    });
    expect(many.statusCode).toBe(400);
  });

  it('answers 404 for the comments or the count of a post that is not there, and an empty page of one that is', async () => {
    for (const url of ['/api/comment-pagination/nope', '/api/comment-pagination/nope?page=3', '/api/post-comment-count/nope']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'No such post.', code: 'NOT_FOUND' });
    }
    const past = await t.app.inject({ url: `/api/comment-pagination/${postId}?page=99` });
    expect(past.statusCode).toBe(200);
    expect(past.json()).toEqual([]);
    expect(Number(past.headers['x-total-count'])).toBeGreaterThan(0);
  });

  it('gives the full comment list to admins only', async () => {
    expect((await t.app.inject({ url: '/api/comment-data' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/comment-data', headers: reader.headers })).statusCode).toBe(403);
  });
});

describe('leaderboard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await createTags(t, 'css');
  });
  afterAll(() => t.close());

  it('ranks by points of the last 7 days: 10 a post, 2 a comment, ±1 a vote received; no emails', async () => {
    const [x, y, z] = [await signUp(t.app, { name: 'Xena' }), await signUp(t.app, { name: 'Yuri' }), await signUp(t.app, { name: 'Zed' })];
    const p1 = await createPost(t.app, x, { category: 'css' });
    await createPost(t.app, x, { category: 'css' });
    const p3 = await createPost(t.app, y, { category: 'css' });
    await createComment(t.app, z, p1);
    await createComment(t.app, z, p3);
    await t.app.inject({ method: 'PATCH', url: `/api/post-data/upVote/${p1}`, headers: y.headers });
    await t.app.inject({ method: 'PATCH', url: `/api/post-data/upVote/${p1}`, headers: z.headers });
    await t.app.inject({ method: 'PATCH', url: `/api/post-data/downVote/${p3}`, headers: x.headers });

    // An old post outside the window does not count.
    const old = new Date(Date.now() - 8 * 86_400_000).toISOString().slice(0, 10);
    await t.db.insertInto('activity_daily').values({ user_id: z.id, day: old, posts: 5, points: 500 }).execute();

    const res = await t.app.inject({ url: '/api/user-data' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { _id: x.id, name: 'Xena', photo: null, posts: 2, points: 22 },
      { _id: y.id, name: 'Yuri', photo: null, posts: 1, points: 9 },
      { _id: z.id, name: 'Zed', photo: null, posts: 0, points: 4 },
    ]);
    expect(res.body).not.toContain('@');
  });
});

describe('leaderboard ties on a database that sorts text by a language', () => {
  let t: TestApp;
  let database: Awaited<ReturnType<typeof languageSortedDatabase>>;
  beforeAll(async () => {
    database = await languageSortedDatabase();
    t = await buildTestApp(database.env);
    await createTags(t, 'css');
  });
  afterAll(async () => {
    await t.close();
    await database.drop();
  });

  it('ranks members of equal points and posts by name in the order of its characters, as on SQLite', async () => {
    // More than the ten places, all with one post: which ten are shown depends on the tie order.
    const names = ['bob', 'Émile', 'alice', 'Zed', 'emile', 'Bob', 'zed', 'Alice', 'Ólafur', 'o_o', 'o%o'];
    for (const name of names) await createPost(t.app, await signUp(t.app, { name }), { category: 'css' });
    const res = await t.app.inject({ url: '/api/user-data' });
    expect((res.json() as Array<{ name: string }>).map((r) => r.name)).toEqual([
      'Alice',
      'Bob',
      'Zed',
      'alice',
      'bob',
      'emile',
      'o%o',
      'o_o',
      'zed',
      'Émile',
    ]);
  });
});

describe('leaderboard on a new day', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('recounts the week of a member who wrote nothing today: the day that left the window stops counting', async () => {
    const w = await signUp(t.app, { name: 'Wanda' });
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    // Yesterday's week ran from 7 days ago to yesterday; today's starts 6 days ago.
    await t.db
      .insertInto('activity_daily')
      .values([
        { user_id: w.id, day: day(7), posts: 0, points: 100 },
        { user_id: w.id, day: day(1), posts: 1, points: 3 },
      ])
      .execute();
    await t.db
      .insertInto('activity_week')
      .values({ user_id: w.id, day: day(1), posts: 1, points: 103 })
      .execute();

    const res = await t.app.inject({ url: '/api/user-data' });
    expect(res.json()).toEqual([{ _id: w.id, name: 'Wanda', photo: null, posts: 1, points: 3 }]);
    const week = await t.db.selectFrom('activity_week').selectAll().where('user_id', '=', w.id).executeTakeFirstOrThrow();
    expect(week).toMatchObject({ day: day(0), points: 3, posts: 1 });
  });
});
