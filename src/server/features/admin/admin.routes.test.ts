import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createComment, createPost, createTags } from '../../test/factories.ts';
import { STRONG_PASSWORD, signIn, signUp, type TestMember } from '../../test/sign-in.ts';

const ADMIN_CALLS: [string, string, unknown?][] = [
  ['GET', '/api/admin-stats'],
  ['GET', '/api/user-data-pagination'],
  ['GET', '/api/user-data-pagination/'],
  ['GET', '/api/user-data-count/'],
  ['PATCH', '/api/user/role/someone@example.test', { role: 'Admin' }],
  ['DELETE', '/api/user/role/someone@example.test'],
  ['DELETE', '/api/user-delete/someone@example.test'],
  ['GET', '/api/reported-comment'],
  ['GET', '/api/reported-comment-pagination/'],
  ['GET', '/api/reported-comment-count/'],
  ['DELETE', '/api/reported-comment-delete/someone@example.test'],
  ['DELETE', '/api/reported-comment/some-report'],
  ['POST', '/api/announcement-data', { title: 't', description: 'd' }],
  ['POST', '/api/tag-data', { tag: 'x' }],
  ['GET', '/api/tag-data/some-tag/usage'],
  ['GET', '/api/post-data'],
  ['GET', '/api/comment-data'],
];

describe('admin calls', () => {
  let t: TestApp;
  let admin: TestMember;
  let client: TestMember;

  beforeAll(async () => {
    t = await buildTestApp();
    await createTags(t, 'go');
    admin = await createAdmin(t, 'Ada');
    client = await signUp(t.app, { name: 'Cli' });
  });
  afterAll(() => t.close());

  it.each(ADMIN_CALLS)('%s %s refuses a visitor (401) and a Client (403)', async (method, url, payload) => {
    const anon = await t.app.inject({ method: method as 'GET', url, payload: payload as object });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    const asClient = await t.app.inject({ method: method as 'GET', url, headers: client.headers, payload: payload as object });
    expect(asClient.statusCode).toBe(403);
    expect(asClient.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('answers site totals from the stored counters', async () => {
    const p = await createPost(t.app, client, { category: 'go' });
    await createComment(t.app, admin, p);
    const res = await t.app.inject({ url: '/api/admin-stats', headers: admin.headers });
    expect(res.json()).toMatchObject({ posts: 1, comments: 1, users: 2, openReports: 0, newMembersThisWeek: 2 });
  });

  it('pages members with their role and membership, and searches by name or email', async () => {
    const res = await t.app.inject({ url: '/api/user-data-pagination?page=0&limit=10', headers: admin.headers });
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json()).toEqual([
      { _id: admin.id, name: 'Ada', email: admin.email, photo: null, role: 'Admin', membership: 'Bronze' },
      { _id: client.id, name: 'Cli', email: client.email, photo: null, role: 'Client', membership: 'Bronze' },
    ]);
    const found = await t.app.inject({ url: '/api/user-data-pagination?search=CLI', headers: admin.headers });
    expect(found.json().map((u: { name: string }) => u.name)).toEqual(['Cli']);
    expect((await t.app.inject({ url: '/api/user-data-count?search=ada', headers: admin.headers })).json()).toEqual({ count: 1 });
    expect((await t.app.inject({ url: '/api/user-data-count', headers: admin.headers })).json()).toEqual({ count: 2 });
  });

  it('finds a name with letters beyond ASCII whatever their case', async () => {
    const olafur = await signUp(t.app, { name: 'Ólafur Łukasiewicz' });
    const ids = async (search: string) =>
      (await t.app.inject({ url: `/api/user-data-pagination?search=${encodeURIComponent(search)}`, headers: admin.headers }))
        .json()
        .map((u: { _id: string }) => u._id);
    for (const search of ['ólafur', 'ÓLAFUR', 'łukasiewicz', 'ŁUKAS', 'Ólafur Ł']) expect(await ids(search), search).toEqual([olafur.id]);
    expect(await ids('olafur')).toEqual([]);
  });

  it('searches for % and _ as themselves, not as wildcards', async () => {
    const john = await signUp(t.app, { name: 'John Doe', email: `john_doe-${Date.now()}@example.test` });
    const count = async (search: string) =>
      (await t.app.inject({ url: `/api/user-data-count?search=${encodeURIComponent(search)}`, headers: admin.headers })).json();
    const found = await t.app.inject({ url: '/api/user-data-pagination?search=john_doe', headers: admin.headers });
    expect(found.json().map((u: { _id: string }) => u._id)).toEqual([john.id]);
    expect(await count('_')).toEqual({ count: 1 });
    expect(await count('%')).toEqual({ count: 0 });
    expect(await count('john%doe')).toEqual({ count: 0 });
  });

  it('promotes a member to Admin, harmlessly again, and accepts no other role', async () => {
    const m = await signUp(t.app);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/role/${m.email}`,
      headers: admin.headers,
      payload: { role: 'Client' },
    });
    expect(bad.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/role/${m.email}`,
      headers: admin.headers,
      payload: { role: 'Admin' },
    });
    expect(ok.json()).toEqual({ modifiedCount: 1 });
    const again = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/role/${m.email}`,
      headers: admin.headers,
      payload: { role: 'Admin' },
    });
    expect(again.json()).toEqual({ modifiedCount: 0 });
    const role = await t.app.inject({ url: `/api/users/role/${m.email}`, headers: m.headers });
    expect(role.json()).toEqual({ role: 'Admin' });
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/role/nobody@example.test',
      headers: admin.headers,
      payload: { role: 'Admin' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('removes an admin: back to Client, never oneself, never the last admin', async () => {
    const other = await createAdmin(t, 'Otto');
    const del = (by: TestMember, email: string) => t.app.inject({ method: 'DELETE', url: `/api/user/role/${email}`, headers: by.headers });

    const self = await del(admin, admin.email);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await del(admin, 'nobody@example.test')).statusCode).toBe(404);
    expect((await del(admin, 'not-an-email')).statusCode).toBe(400);
    expect((await del(admin, client.email)).json()).toEqual({ modifiedCount: 0 });

    expect((await del(admin, other.email)).json()).toEqual({ modifiedCount: 1 });
    expect((await t.app.inject({ url: `/api/users/role/${other.email}`, headers: other.headers })).json()).toEqual({ role: 'Client' });
    // Otto is a Client now: his admin calls are refused at once.
    expect((await del(other, admin.email)).statusCode).toBe(403);

    // Two admins removing each other at the same moment: one wins, the forum keeps an admin.
    await t.db.updateTable('users').set({ role: 'Admin' }).where('id', '=', other.id).execute();
    const othersPromoted = await t.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'Admin')
      .where('id', 'not in', [admin.id, other.id])
      .execute();
    await t.db.updateTable('users').set({ role: 'Client' }).where('id', 'not in', [admin.id, other.id]).execute();
    const [byAdmin, byOther] = await Promise.all([del(admin, other.email), del(other, admin.email)]);
    expect([byAdmin.statusCode, byOther.statusCode].sort()).toEqual([200, 403]);
    const roles = await t.db.selectFrom('users').select('role').where('id', 'in', [admin.id, other.id]).execute();
    expect(roles.map((r) => r.role).sort()).toEqual(['Admin', 'Client']);
    // The admins are as they were for the tests that follow.
    await t.db.updateTable('users').set({ role: 'Admin' }).where('id', '=', admin.id).execute();
    for (const { id } of othersPromoted) await t.db.updateTable('users').set({ role: 'Admin' }).where('id', '=', id).execute();
  });

  it('two admins removing each other at once, with other admins left: only one of them goes', async () => {
    const bea = await createAdmin(t, 'Bea');
    const cy = await createAdmin(t, 'Cy');
    const del = (by: TestMember, email: string) => t.app.inject({ method: 'DELETE', url: `/api/user/role/${email}`, headers: by.headers });
    // Both sessions read as Admin; whichever write runs second comes from a Client by then.
    const answers = await Promise.all([del(bea, cy.email), del(cy, bea.email)]);
    expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join(' ')).toEqual([200, 403]);
    expect(answers.find((a) => a.statusCode === 403)!.json()).toMatchObject({ code: 'FORBIDDEN' });
    const roles = await t.db.selectFrom('users').select('role').where('id', 'in', [bea.id, cy.id]).execute();
    expect(roles.map((r) => r.role).sort()).toEqual(['Admin', 'Client']);
  });

  it('a promotion racing a ban: one of them wins, and a banned member never becomes an admin', async () => {
    for (let i = 0; i < 6; i += 1) {
      const m = await signUp(t.app);
      // The ban sent first or second: each order has to end in one consistent state.
      const promote = () =>
        t.app.inject({ method: 'PATCH', url: `/api/user/role/${m.email}`, headers: admin.headers, payload: { role: 'Admin' } });
      const ban = () => t.app.inject({ method: 'DELETE', url: `/api/user-delete/${m.email}`, headers: admin.headers });
      const [promoted, banned] =
        i % 2 ? await Promise.all([promote(), ban()]) : await Promise.all([ban(), promote()]).then(([b, p]) => [p, b] as const);
      const row = await t.db.selectFrom('users').select(['role', 'banned_at']).where('id', '=', m.id).executeTakeFirstOrThrow();
      if (row.banned_at) {
        // Banned first: the promotion finds no member.
        expect(row.role).toBe('Client');
        expect(banned.json()).toEqual({ deletedCount: 1 });
        expect(promoted.statusCode).toBe(404);
        expect(promoted.json()).toMatchObject({ code: 'NOT_FOUND' });
      } else {
        // Promoted first: administrators cannot be banned.
        expect(row.role).toBe('Admin');
        expect(promoted.json()).toEqual({ modifiedCount: 1 });
        expect(banned.statusCode).toBe(403);
      }
    }
  });

  it('publishes an announcement with the author from the session', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/announcement-data',
      headers: admin.headers,
      payload: { title: '', description: 'd' },
    });
    expect(bad.statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/announcement-data',
      headers: admin.headers,
      payload: { title: 'Hello', description: 'World', name: 'Forged', photo: 'http://evil' },
    });
    expect(res.statusCode).toBe(200);
    const list = await t.app.inject({ url: '/api/announcement-data' });
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()).toEqual([
      {
        _id: res.json().insertedId,
        title: 'Hello',
        description: 'World',
        descriptionHtml: '<p>World</p>',
        name: 'Ada',
        photo: null,
        time: expect.any(String),
        editedAt: null,
      },
    ]);
  });
});

describe('the admin dashboard figures', () => {
  let t: TestApp;
  let admin: TestMember;
  let owner: TestMember;

  beforeAll(async () => {
    t = await buildTestApp();
    await createTags(t, 'go');
    admin = await createAdmin(t);
    owner = await signUp(t.app);
  });
  afterAll(() => t.close());

  const DAY = 24 * 60 * 60 * 1000;
  const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

  it('counts open reports, new members of the last 7 days and posts per UTC day for 30 days', async () => {
    const now = Date.now();
    const today = utcDay(now);
    const [p1, p2, p3, p4] = [
      await createPost(t.app, owner, { category: 'go' }),
      await createPost(t.app, owner, { category: 'go' }),
      await createPost(t.app, owner, { category: 'go' }),
      await createPost(t.app, owner, { category: 'go' }),
    ];
    // Back-dated: two posts 3 days ago, one 40 days ago (outside the 30 days); one stays today.
    const at = (ms: number) => new Date(ms).toISOString();
    await t.db
      .updateTable('posts')
      .set({ created_at: at(now - 3 * DAY) })
      .where('id', 'in', [p1, p2])
      .execute();
    await t.db
      .updateTable('posts')
      .set({ created_at: at(now - 40 * DAY) })
      .where('id', '=', p3)
      .execute();
    // A member who joined 10 days ago no longer counts as new.
    const old = await signUp(t.app);
    await t.db
      .updateTable('users')
      .set({ created_at: at(now - 10 * DAY) })
      .where('id', '=', old.id)
      .execute();

    const commentId = await createComment(t.app, admin, p4);
    const reported = await t.app.inject({
      method: 'POST',
      url: '/api/reported-comment',
      headers: owner.headers,
      payload: { commentId, ReportedComment: 'Spam or promotional content' },
    });
    expect(reported.statusCode).toBe(200);

    const res = await t.app.inject({ url: '/api/admin-stats', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(stats).toMatchObject({ posts: 4, comments: 1, users: 3, openReports: 1, newMembersThisWeek: 2 });
    const perDay: { day: string; count: number }[] = stats.postsPerDay;
    expect(perDay).toHaveLength(30);
    expect(perDay[0]!.day).toBe(utcDay(now - 29 * DAY));
    expect(perDay[29]).toEqual({ day: today, count: 1 });
    expect(perDay.find((d) => d.day === utcDay(now - 3 * DAY))).toEqual({ day: utcDay(now - 3 * DAY), count: 2 });
    expect(perDay.reduce((sum, d) => sum + d.count, 0)).toBe(3);
    // Oldest first, one entry per day.
    expect(perDay.map((d) => d.day)).toEqual([...perDay.map((d) => d.day)].sort());
    expect(new Set(perDay.map((d) => d.day)).size).toBe(30);

    const dismissed = await t.app.inject({ url: '/api/reported-comment-pagination/?page=0&limit=10', headers: admin.headers });
    await t.app.inject({ method: 'DELETE', url: `/api/reported-comment/${dismissed.json()[0]._id}`, headers: admin.headers });
    expect((await t.app.inject({ url: '/api/admin-stats', headers: admin.headers })).json()).toMatchObject({ openReports: 0 });
  });
});

describe('the ban path', () => {
  let t: TestApp;
  let admin: TestMember;
  let owner: TestMember;
  let troll: TestMember;
  let bystander: TestMember;

  beforeAll(async () => {
    t = await buildTestApp();
    await createTags(t, 'go');
    admin = await createAdmin(t);
    owner = await signUp(t.app);
    troll = await signUp(t.app, { name: 'Troll' });
    bystander = await signUp(t.app);
  });
  afterAll(() => t.close());

  it('bans a reported commenter: sessions end, sign-in and sign-up refused, reported comments gone, the rest intact', async () => {
    const post = await createPost(t.app, owner, { category: 'go' });
    const trollsPost = await createPost(t.app, troll, { category: 'go' });
    const bad1 = await createComment(t.app, troll, post, 'buy cheap stuff');
    const bad2 = await createComment(t.app, troll, post, 'more spam');
    const kept = await createComment(t.app, troll, post, 'a fine comment');
    await createComment(t.app, bystander, post, 'hello');
    for (const commentId of [bad1, bad2]) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/reported-comment',
        headers: owner.headers,
        payload: { commentId, ReportedComment: 'Spam or promotional content' },
      });
      expect(r.statusCode).toBe(200);
    }
    const queue = await t.app.inject({ url: '/api/reported-comment-pagination/?page=0&limit=10', headers: admin.headers });
    expect(queue.json()).toHaveLength(2);
    expect(queue.json()[0]).toMatchObject({
      commenter_email: troll.email,
      commenter_role: 'Client',
      ReportedComment: 'Spam or promotional content',
      commentId: expect.any(String),
    });
    expect((await t.app.inject({ url: '/api/reported-comment-count/', headers: admin.headers })).json()).toEqual({ count: 2 });

    const ban = await t.app.inject({ method: 'DELETE', url: `/api/user-delete/${troll.email}`, headers: admin.headers });
    expect(ban.json()).toEqual({ deletedCount: 1 });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/reported-comment-delete/${troll.email}`, headers: admin.headers });
    expect(del.json()).toEqual({ deletedCount: 2 });

    // The session stopped working at once.
    expect((await t.app.inject({ url: `/api/users/${troll.email}`, headers: troll.headers })).statusCode).toBe(401);
    // Sign-in and a new sign-up are refused with a clear message.
    const signin = await signIn(t.app, troll.email, STRONG_PASSWORD);
    expect(signin.statusCode).toBe(403);
    expect(signin.json()).toMatchObject({ code: 'BANNED', message: expect.stringMatching(/banned/i) });
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Again', email: troll.email, password: STRONG_PASSWORD },
    });
    expect(signup.statusCode).toBe(403);

    // Reported comments and reports are gone, counters right, other content intact.
    const comments = (await t.app.inject({ url: `/api/comment-pagination/${post}` })).json().map((c: { _id: string }) => c._id);
    expect(comments).not.toContain(bad1);
    expect(comments).not.toContain(bad2);
    expect(comments).toContain(kept);
    expect((await t.app.inject({ url: `/api/post-comment-count/${post}` })).json()).toEqual({ count: 2 });
    expect((await t.app.inject({ url: '/api/reported-comment-count', headers: admin.headers })).json()).toEqual({ count: 0 });
    expect((await t.app.inject({ url: `/api/post-data/${trollsPost}` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/admin-stats', headers: admin.headers })).json()).toMatchObject({
      posts: 2,
      comments: 2,
      users: 3,
      openReports: 0,
      // All four joined this week; the banned one is no longer a member, new or not.
      newMembersThisWeek: 3,
    });
    // Banned members leave the member list.
    const members = (await t.app.inject({ url: '/api/user-data-pagination', headers: admin.headers })).json();
    expect(members.map((u: { email: string }) => u.email)).not.toContain(troll.email);
  });

  it('refuses to ban an admin, and banning twice is harmless', async () => {
    const other = await createAdmin(t, 'Other admin');
    const res = await t.app.inject({ method: 'DELETE', url: `/api/user-delete/${other.email}`, headers: admin.headers });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/users/${other.email}`, headers: other.headers })).statusCode).toBe(200);
    const twice = await t.app.inject({ method: 'DELETE', url: `/api/user-delete/${troll.email}`, headers: admin.headers });
    expect(twice.json()).toEqual({ deletedCount: 0 });
  });
});
