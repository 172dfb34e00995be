import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TEXT_MAX } from '#shared/constants.ts';
import type { Notification, NotificationSettings } from '#shared/schemas/notification.ts';
import { engineOf } from '../../db/engine.ts';
import * as oneUnreadPerPost from '../../db/migrations/0017-notifications-one-unread-per-post.ts';
import * as postParticipants from '../../db/migrations/0020-post-participants.ts';
import * as firstAt from '../../db/migrations/0026-notifications-first-at.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createComment, createPost, createTags } from '../../test/factories.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';
import { REPLY_RECIPIENTS_MAX } from './notifications.queries.ts';

// API.md "Notifications": who is told of what, reading them, and the settings.
describe('notifications', () => {
  let t: TestApp;
  let admin: TestMember;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createAdmin(t);
    await createTags(t, 'typescript');
  });
  afterAll(() => t.close());

  const list = async (m: TestMember, query = '') => {
    const res = await t.app.inject({ url: `/api/notifications${query}`, headers: m.headers });
    expect(res.statusCode, res.body).toBe(200);
    return { items: res.json() as Notification[], total: Number(res.headers['x-total-count']) };
  };
  const unread = async (m: TestMember) => {
    const res = await t.app.inject({ url: '/api/notifications/unread-count', headers: m.headers });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { count: number }).count;
  };
  const read = (m: TestMember, id: string) => t.app.inject({ method: 'PATCH', url: `/api/notifications/${id}/read`, headers: m.headers });
  const readAll = (m: TestMember) => t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: m.headers });
  const rowsOf = (m: TestMember) => t.db.selectFrom('notifications').selectAll().where('member_id', '=', m.id).execute();
  const members = <N extends string[]>(...names: N) =>
    Promise.all(names.map((name) => signUp(t.app, { name }))) as Promise<{ [K in keyof N]: TestMember }>;

  it('tells a post’s author of a comment, with the commenter, the title and the plain start of the text', async () => {
    const [ada, bob] = await members('Ada', 'Bob');
    const postId = await createPost(t.app, ada, { title: 'Flaky tests' });
    const commentId = await createComment(t.app, bob, postId, 'Try **`vi.useFakeTimers()`** and [read this](https://example.org).');
    const { items, total } = await list(ada);
    expect(total).toBe(1);
    expect(items).toEqual([
      {
        _id: expect.any(String),
        type: 'comment',
        read: false,
        createdAt: expect.any(String),
        actor: { name: 'Bob', photo: null },
        postId,
        commentId,
        title: 'Flaky tests',
        text: 'Try vi.useFakeTimers() and read this.',
      },
    ]);
    expect(await unread(ada)).toBe(1);
    // Nobody is told of their own comment.
    expect((await list(bob)).total).toBe(0);
  });

  it('cuts a long comment to a plain excerpt', async () => {
    const [ada, bob] = await members('Ada', 'Bob');
    const postId = await createPost(t.app, ada);
    await createComment(t.app, bob, postId, `# Heading\n\n${'word '.repeat(100)}`);
    const [n] = (await list(ada)).items;
    expect(n!.text.length).toBeLessThanOrEqual(NOTIFICATION_TEXT_MAX);
    expect(n!.text).toMatch(/^Heading word word .*…$/);
  });

  it('tells the other commenters (reply), never the writer, in one unread notification per member and post', async () => {
    const [ada, bob, cy, dee] = await members('Ada', 'Bob', 'Cy', 'Dee');
    const postId = await createPost(t.app, ada);
    await createComment(t.app, bob, postId, 'one');
    await createComment(t.app, bob, postId, 'two');
    await createComment(t.app, cy, postId, 'three');
    // Bob heard of Cy's comment, as a reply; Ada of the newest of the three, as a comment.
    expect((await list(bob)).items.map((n) => [n.type, n.actor.name, n.text])).toEqual([['reply', 'Cy', 'three']]);
    expect((await list(ada)).items.map((n) => [n.type, n.actor.name, n.text])).toEqual([['comment', 'Cy', 'three']]);
    expect(await unread(ada)).toBe(1);
    // The author answers on their own post: the commenters hear of it, the author does not.
    await createComment(t.app, ada, postId, 'four');
    expect((await list(ada)).items.map((n) => n.text)).toEqual(['three']);
    expect((await list(bob)).items).toMatchObject([{ type: 'reply', actor: { name: 'Ada' }, text: 'four' }]);
    expect((await list(cy)).items.map((n) => n.text)).toEqual(['four']);
    expect((await list(dee)).total).toBe(0);
    // The post's author who also commented is told of a comment, never also of a reply.
    await createComment(t.app, dee, postId, 'five');
    expect((await list(ada)).items.map((n) => [n.type, n.text])).toEqual([['comment', 'five']]);
    expect(await rowsOf(ada)).toHaveLength(1);
    expect(await unread(ada)).toBe(1);
  });

  it('brings a member’s unread notification of a post up to date, newest first again; once read, the next comment is a new one', async () => {
    const [ada, bob, cy, dee] = await members('Ada', 'Bob', 'Cy', 'Dee');
    const postId = await createPost(t.app, ada, { title: 'First' });
    const otherPost = await createPost(t.app, ada, { title: 'Second' });
    await createComment(t.app, bob, postId, 'on the first');
    const [before] = (await list(ada)).items;
    await createComment(t.app, bob, otherPost, 'on the second');
    const c = await createComment(t.app, cy, postId, 'on the first again');
    const { items, total } = await list(ada);
    expect(total).toBe(2);
    // The same notification, now of Cy's comment, and first again.
    expect(items[0]).toEqual({
      ...before,
      actor: { name: 'Cy', photo: null },
      commentId: c,
      text: 'on the first again',
      createdAt: items[0]!.createdAt,
    });
    expect(items[0]!.createdAt > before!.createdAt).toBe(true);
    expect(items.map((n) => n.title)).toEqual(['First', 'Second']);
    expect(await unread(ada)).toBe(2);
    // Read, it stays as it was; the next comment on the post is a new notification.
    await read(ada, before!._id);
    await createComment(t.app, dee, postId, 'after reading');
    const after = (await list(ada)).items;
    expect(after.map((n) => [n.text, n.read])).toEqual([
      ['after reading', false],
      ['on the first again', true],
      ['on the second', false],
    ]);
    expect(after[0]!._id).not.toBe(before!._id);
    expect(await unread(ada)).toBe(2);
  });

  it('keeps what an unread notification showed once it is read, one at a time or all at once', async () => {
    const [ada, bob, cy, dee] = await members('Ada', 'Bob', 'Cy', 'Dee');
    const first = await createPost(t.app, ada, { title: 'One' });
    const second = await createPost(t.app, ada, { title: 'Two' });
    await createComment(t.app, bob, first, 'one a');
    await createComment(t.app, cy, first, 'one b');
    await createComment(t.app, bob, second, 'two a');
    const c = await createComment(t.app, cy, second, 'two b');
    const [one] = (await list(ada, '?page=0&limit=10')).items.filter((n) => n.title === 'One');
    expect(one).toMatchObject({ text: 'one b', actor: { name: 'Cy' } });
    await read(ada, one!._id);
    await readAll(ada);
    // Later comments are new notifications; the read ones still show what they showed.
    await createComment(t.app, dee, first, 'one c');
    await createComment(t.app, dee, second, 'two c');
    expect((await list(ada)).items.map((n) => [n.title, n.text, n.read])).toEqual([
      ['Two', 'two c', false],
      ['One', 'one c', false],
      ['Two', 'two b', true],
      ['One', 'one b', true],
    ]);
    expect((await list(ada)).items[2]).toMatchObject({ commentId: c, actor: { name: 'Cy' } });
  });

  // PostgreSQL runs writes side by side; SQLite one after another, where this cannot happen.
  it.runIf(process.env.TEST_DATABASE_URL !== undefined)(
    'keeps a comment that commits while its notification is being read (PostgreSQL)',
    async () => {
      const [ada, bob, cy] = await members('Ada', 'Bob', 'Cy');
      const postId = await createPost(t.app, ada);
      await createComment(t.app, bob, postId, 'first');
      const [n] = (await list(ada)).items;
      // A comment in flight: its row written, the member's unread row held as a comment's
      // audience holds it, not committed yet.
      const trx = await t.db.startTransaction().execute();
      await trx
        .insertInto('comments')
        .values({
          id: 'in-flight',
          post_id: postId,
          author_id: cy.id,
          comment: 'second',
          comment_html: '<p>second</p>',
          created_at: new Date().toISOString(),
        })
        .execute();
      await trx.selectFrom('notifications').select('id').where('id', '=', n!._id).forNoKeyUpdate().execute();
      const reading = read(ada, n!._id);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await trx.commit().execute();
      expect((await reading).statusCode).toBe(200);
      // Read after the comment committed, the row keeps it: Ada was not told less.
      expect((await list(ada)).items).toMatchObject([{ _id: n!._id, text: 'second', commentId: 'in-flight', read: true }]);
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL !== undefined)(
    'counts a notification that commits while all are being marked read (PostgreSQL)',
    async () => {
      const [ada, bob] = await members('Ada', 'Bob');
      await createComment(t.app, bob, await createPost(t.app, ada), 'first');
      const other = await createPost(t.app, ada);
      // A comment on another post in flight: its notification written and Ada's count moved, not committed yet.
      const trx = await t.db.startTransaction().execute();
      const commentId = 'in-flight-read-all';
      const at = new Date().toISOString();
      await trx
        .insertInto('comments')
        .values({ id: commentId, post_id: other, author_id: bob.id, comment: 'second', comment_html: '<p>second</p>', created_at: at })
        .execute();
      await trx
        .insertInto('notifications')
        .values({
          id: commentId,
          member_id: ada.id,
          type: 'comment',
          actor_id: bob.id,
          post_id: other,
          comment_id: commentId,
          title: 'A post',
          text: 'second',
          created_at: at,
        })
        .execute();
      await trx
        .updateTable('users')
        .set((eb) => ({ unread_notifications: eb('unread_notifications', '+', 1) }))
        .where('id', '=', ada.id)
        .execute();
      const marking = readAll(ada);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await trx.commit().execute();
      expect((await marking).json()).toEqual({ modifiedCount: 1 });
      // The one that came meanwhile is unread, and counted.
      expect((await list(ada)).items.map((n) => [n.text, n.read])).toEqual([
        ['second', false],
        ['first', true],
      ]);
      expect(await unread(ada)).toBe(1);
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL !== undefined)(
    'marks a notification read while the comment it shows is being deleted (PostgreSQL)',
    async () => {
      const [ada, bob, cy] = await members('Ada', 'Bob', 'Cy');
      const postId = await createPost(t.app, ada);
      const first = await createComment(t.app, bob, postId, 'first');
      const second = await createComment(t.app, cy, postId, 'second');
      const [n] = (await list(ada)).items;
      expect(n).toMatchObject({ text: 'second', commentId: second, read: false });
      // The second comment being deleted, in flight: held, then gone with its notifications.
      const trx = await t.db.startTransaction().execute();
      await trx.selectFrom('comments').select('id').where('id', '=', second).forUpdate().execute();
      const marking = readAll(ada);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await trx.deleteFrom('notifications').where('comment_id', '=', second).execute();
      await trx.deleteFrom('comments').where('id', '=', second).execute();
      await trx.commit().execute();
      expect((await marking).statusCode).toBe(200);
      expect((await list(ada)).items).toMatchObject([{ _id: n!._id, text: 'first', commentId: first, read: true }]);
      expect(await unread(ada)).toBe(0);
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL !== undefined)(
    'takes a deleted comment’s notification off the count once, when it is being read as the comment goes (PostgreSQL)',
    async () => {
      const [ada, bob] = await members('Ada', 'Bob');
      const postId = await createPost(t.app, ada);
      const commentId = await createComment(t.app, bob, postId, 'goes');
      await createComment(t.app, bob, await createPost(t.app, ada), 'stays');
      const [, n] = (await list(ada)).items;
      expect(n).toMatchObject({ commentId, read: false });
      // Ada marking it read, in flight: the row marked and her count moved, not committed yet.
      const trx = await t.db.startTransaction().execute();
      await trx.updateTable('notifications').set({ read_at: new Date().toISOString() }).where('id', '=', n!._id).execute();
      await trx
        .updateTable('users')
        .set((eb) => ({ unread_notifications: eb('unread_notifications', '-', 1) }))
        .where('id', '=', ada.id)
        .execute();
      const removing = t.app.inject({ method: 'DELETE', url: `/api/comment-data/${commentId}`, headers: bob.headers });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await trx.commit().execute();
      expect((await removing).statusCode).toBe(200);
      expect((await list(ada)).items.map((i) => [i.text, i.read])).toEqual([['stays', false]]);
      expect(await unread(ada)).toBe(1);
    },
  );

  it('shows no comment of a banned member in an unread notification', async () => {
    const [ada, bob, cy] = await members('Ada', 'Bob', 'Cy');
    const postId = await createPost(t.app, ada);
    const kept = await createComment(t.app, bob, postId, 'kind');
    await createComment(t.app, cy, postId, 'rude');
    expect((await list(ada)).items).toMatchObject([{ text: 'rude', actor: { name: 'Cy' } }]);
    const ban = await t.app.inject({ method: 'DELETE', url: `/api/user-delete/${cy.email}`, headers: admin.headers });
    expect(ban.statusCode, ban.body).toBe(200);
    expect((await list(ada)).items).toMatchObject([{ text: 'kind', commentId: kept, actor: { name: 'Bob' }, read: false }]);
  });

  it('leaves one unread notification per member and post where older rows had several (migration 0017)', async () => {
    const [ada, bob, cy] = await members('Ada', 'Bob', 'Cy');
    const postId = await createPost(t.app, ada, { title: 'Older rows' });
    const first = await createComment(t.app, bob, postId, 'first');
    const [newer] = await rowsOf(ada);
    // A second unread row of the same post, older than the first and stored after it, as
    // rows written before they were folded into one can be; the member's count counts both.
    await t.db
      .insertInto('notifications')
      .values({ ...newer!, id: 'older-row', comment_id: first, text: 'older', emailed_at: null, created_at: '2020-01-01T00:00:00.000Z' })
      .execute();
    await t.db.updateTable('users').set({ unread_notifications: 2 }).where('id', '=', ada.id).execute();
    await oneUnreadPerPost.up(t.db as never, engineOf(t.db));

    await createComment(t.app, cy, postId, 'second');
    expect((await list(ada)).items.map((n) => [n._id, n.text, n.read])).toEqual([
      [newer!.id, 'second', false],
      ['older-row', 'older', true],
    ]);
    expect(await unread(ada)).toBe(1);
  });

  it('quotes an edited comment’s new text and carries an edited post’s new title', async () => {
    const [ada, bob] = await members('Ada', 'Bob');
    const postId = await createPost(t.app, ada, { title: 'Before the edit' });
    const commentId = await createComment(t.app, bob, postId, 'First **draft**');
    expect((await list(ada)).items).toMatchObject([{ title: 'Before the edit', text: 'First draft' }]);

    const edit = (m: TestMember, url: string, payload: object) => t.app.inject({ method: 'PATCH', url, headers: m.headers, payload });
    const comment = await edit(bob, `/api/comment-data/${commentId}`, { comment: 'Second *version*' });
    expect(comment.statusCode, comment.body).toBe(200);
    const post = await edit(ada, `/api/post-data/${postId}`, { title: 'After the edit' });
    expect(post.statusCode, post.body).toBe(200);
    expect((await list(ada)).items).toMatchObject([{ title: 'After the edit', text: 'Second version', commentId, read: false }]);
    // An edit tells nobody anything new.
    expect(await unread(ada)).toBe(1);
  });

  it(`tells the ${REPLY_RECIPIENTS_MAX} most recent commenters of a post, however long its thread`, async () => {
    const author = await signUp(t.app, { name: 'Author' });
    const crowd = await Promise.all(Array.from({ length: REPLY_RECIPIENTS_MAX + 1 }, (_, i) => signUp(t.app, { name: `Crowd ${i}` })));
    const postId = await createPost(t.app, author, { title: 'A long thread' });
    // The first of the crowd comments first, then everyone in turn; then a long run by one member.
    for (const m of crowd) await createComment(t.app, m, postId, `from ${m.name}`);
    const [first, second] = crowd;
    for (let i = 0; i < 5; i += 1) await createComment(t.app, second!, postId, `again ${i}`);
    const last = crowd.at(-1)!;
    const before = (await rowsOf(first!)).length;
    await createComment(t.app, last, postId, 'the newest');
    // The 50 most recent commenters (the writer among them) are told, but the writer; the first is not.
    expect(await rowsOf(first!)).toHaveLength(before);
    expect((await list(crowd[1]!)).items[0]).toMatchObject({ type: 'reply', text: 'the newest' });
    expect((await list(crowd[2]!)).items[0]).toMatchObject({ type: 'reply', text: 'the newest' });
    expect((await list(author)).items[0]).toMatchObject({ type: 'comment', text: 'the newest' });
    // The post keeps its 50 most recent commenters, no more.
    const kept = await t.db.selectFrom('post_participants').select('member_id').where('post_id', '=', postId).execute();
    expect(kept).toHaveLength(REPLY_RECIPIENTS_MAX);
    expect(kept.map((p) => p.member_id)).not.toContain(first!.id);
  });

  it('tells a member whose comments on a post are all deleted nothing more of it, and one with a comment left still', async () => {
    const [ada, bob, cy, dee] = await members('Ada', 'Bob', 'Cy', 'Dee');
    const postId = await createPost(t.app, ada);
    const bobsFirst = await createComment(t.app, bob, postId, 'bob one');
    await createComment(t.app, bob, postId, 'bob two');
    const cys = await createComment(t.app, cy, postId, 'cy');
    await readAll(bob);
    await readAll(cy);
    for (const [member, id] of [
      [bob, bobsFirst],
      [cy, cys],
    ] as const) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/comment-data/${id}`, headers: member.headers });
      expect(res.statusCode, res.body).toBe(200);
    }
    await createComment(t.app, dee, postId, 'after the deletes');
    expect((await list(bob)).items[0]).toMatchObject({ type: 'reply', text: 'after the deletes', read: false });
    expect(await unread(cy)).toBe(0);
  });

  it('fills each post’s commenters from the comments already there (migration 0020)', async () => {
    const [ada, bob, cy] = await members('Ada', 'Bob', 'Cy');
    const postId = await createPost(t.app, ada, { title: 'Before the table' });
    await createComment(t.app, bob, postId, 'one');
    await createComment(t.app, cy, postId, 'two');
    await createComment(t.app, bob, postId, 'three');
    const kept = () => t.db.selectFrom('post_participants').selectAll().where('post_id', '=', postId).orderBy('member_id').execute();
    const before = await kept();
    const latest = await t.db
      .selectFrom('comments')
      .select(['author_id', (eb) => eb.fn.max('created_at').as('at')])
      .where('post_id', '=', postId)
      .groupBy('author_id')
      .execute();
    expect(before.map((p) => [p.member_id, p.last_at]).sort()).toEqual(latest.map((c) => [c.author_id, c.at]).sort());
    await t.db.schema.dropTable('post_participants').execute();
    await postParticipants.up(t.db as never, engineOf(t.db));
    expect(await kept()).toEqual(before);
  });

  it('takes a deleted comment’s notifications with it, and the unread counts follow', async () => {
    const [ada, bob, cy] = await members('Ada', 'Bob', 'Cy');
    const postId = await createPost(t.app, ada);
    const stays = await createComment(t.app, cy, postId, 'stays');
    const commentId = await createComment(t.app, bob, postId, 'goes');
    expect(await unread(ada)).toBe(1);
    expect(await unread(cy)).toBe(1);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/comment-data/${commentId}`, headers: bob.headers });
    expect(res.statusCode, res.body).toBe(200);
    // Ada's notification had been brought up to Bob's comment: it goes back to Cy's, still there.
    expect((await list(ada)).items).toMatchObject([{ text: 'stays', commentId: stays, actor: { name: 'Cy' }, read: false }]);
    expect(await unread(ada)).toBe(1);
    // Cy's was of Bob's comment only (Cy is not told of their own): it goes.
    expect((await list(cy)).total).toBe(0);
    expect(await unread(cy)).toBe(0);
  });

  it('points a notification brought up to a deleted comment back at the newest comment it told of, and takes it when none is left', async () => {
    const [ada, bob, cy, dee] = await members('Ada', 'Bob', 'Cy', 'Dee');
    const postId = await createPost(t.app, ada);
    await createComment(t.app, bob, postId, 'a');
    await readAll(ada);
    const b = await createComment(t.app, cy, postId, 'b');
    const [told] = (await list(ada)).items;
    const c = await createComment(t.app, dee, postId, 'c');
    expect((await list(ada)).items.map((n) => [n.text, n.read])).toEqual([
      ['c', false],
      ['a', true],
    ]);
    const remove = async (m: TestMember, id: string) => {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/comment-data/${id}`, headers: m.headers });
      expect(res.statusCode, res.body).toBe(200);
    };
    await remove(dee, c);
    // Back to Cy's comment, as it was before Dee's: same notification, still unread.
    expect((await list(ada)).items[0]).toEqual(told);
    expect(await unread(ada)).toBe(1);
    // Bob's comment was in the notification Ada has read: nothing is left to tell her.
    await remove(cy, b);
    expect((await list(ada)).items.map((n) => [n.text, n.read])).toEqual([['a', true]]);
    expect(await unread(ada)).toBe(0);
  });

  it('never brings back as unread a comment the member had read, when the comments read and unread are deleted one by one', async () => {
    const [ada, bob, cy, dee, eve] = await members('Ada', 'Bob', 'Cy', 'Dee', 'Eve');
    const postId = await createPost(t.app, ada);
    await createComment(t.app, eve, postId, 'e');
    await createComment(t.app, bob, postId, 'a');
    const b = await createComment(t.app, cy, postId, 'b');
    // Ada (the post's author) and Eve (a commenter) read its activity up to Cy's comment.
    await readAll(ada);
    await readAll(eve);
    const c = await createComment(t.app, dee, postId, 'c');
    for (const m of [ada, eve]) {
      expect((await list(m)).items.map((n) => [n.text, n.read])).toEqual([
        ['c', false],
        ['b', true],
      ]);
    }
    const remove = async (m: TestMember, id: string) => {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/comment-data/${id}`, headers: m.headers });
      expect(res.statusCode, res.body).toBe(200);
    };
    // The read notifications go with Cy's comment, the unread ones with Dee's: Bob's, all that
    // is left, was read before them.
    await remove(cy, b);
    await remove(dee, c);
    for (const m of [ada, eve]) {
      expect((await list(m)).items).toEqual([]);
      expect(await unread(m)).toBe(0);
    }
  });

  it('keeps a reply notification of a comment the member never read when the one it names and the member’s first comment are deleted', async () => {
    const [ada, bob, cy, dee] = await members('Ada', 'Bob', 'Cy', 'Dee');
    const postId = await createPost(t.app, ada);
    const cysFirst = await createComment(t.app, cy, postId, 'Cy one');
    const named = await createComment(t.app, bob, postId, 'Bob');
    const unseen = await createComment(t.app, dee, postId, 'Dee');
    await createComment(t.app, cy, postId, 'Cy two');
    expect((await list(cy)).items.map((n) => [n.text, n.read])).toEqual([['Dee', false]]);
    const remove = async (m: TestMember, id: string) => {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/comment-data/${id}`, headers: m.headers });
      expect(res.statusCode, res.body).toBe(200);
    };
    await remove(cy, cysFirst);
    await remove(bob, named);
    // Dee's comment came after Cy's first and Cy has not read it: she is still told of it.
    expect((await list(cy)).items).toMatchObject([{ type: 'reply', commentId: unseen, text: 'Dee', read: false }]);
    expect(await unread(cy)).toBe(1);
  });

  it('gives the rows already there the time the earlier rule re-pointed them from (migration 0026)', async () => {
    const [ada, bob, cy, dee, eve] = await members('Ada', 'Bob', 'Cy', 'Dee', 'Eve');
    const postId = await createPost(t.app, ada);
    await createComment(t.app, bob, postId, 'a');
    await readAll(ada);
    const e = await createComment(t.app, eve, postId, 'e');
    const b = await createComment(t.app, cy, postId, 'b');
    const c = await createComment(t.app, dee, postId, 'c');
    const at = async (id: string) =>
      (await t.db.selectFrom('comments').select('created_at').where('id', '=', id).executeTakeFirstOrThrow()).created_at;
    // Ada's and Eve's unread rows brought up to Dee's comment, as a mail of it would have.
    await t.db
      .updateTable('notifications')
      .set({ comment_id: c, created_at: await at(c) })
      .where('post_id', '=', postId)
      .where('read_at', 'is', null)
      .execute();
    await t.db.schema.alterTable('notifications').dropColumn('first_at').execute();
    await firstAt.up(t.db as never, engineOf(t.db));
    const firstOf = async (m: TestMember) =>
      (await rowsOf(m))
        .map((n) => [n.read_at === null ? 'unread' : 'read', n.first_at === n.created_at ? 'its own time' : n.first_at])
        .sort();
    // Ada's from the first comment after the one she had read, Eve's from the first after her own.
    expect(await firstOf(ada)).toEqual([
      ['read', 'its own time'],
      ['unread', await at(e)],
    ]);
    expect(await firstOf(eve)).toEqual([['unread', await at(b)]]);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/comment-data/${c}`, headers: dee.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect((await list(ada)).items.map((n) => [n.text, n.read])).toEqual([
      ['b', false],
      ['a', true],
    ]);
    expect((await list(eve)).items.map((n) => [n.commentId, n.read])).toEqual([[b, false]]);
  });

  it('takes a reply notification whose only comment is deleted, rather than pointing it at a comment older than the member’s own', async () => {
    const [ada, bob, cy, dee] = await members('Ada', 'Bob', 'Cy', 'Dee');
    const postId = await createPost(t.app, ada);
    await createComment(t.app, bob, postId, 'before Cy');
    await createComment(t.app, cy, postId, 'Cy');
    const after = await createComment(t.app, dee, postId, 'after Cy');
    expect((await list(cy)).items.map((n) => n.text)).toEqual(['after Cy']);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/comment-data/${after}`, headers: dee.headers });
    expect(res.statusCode, res.body).toBe(200);
    // Bob's comment came before Cy's: Cy was never told of it, and is not now.
    expect((await list(cy)).total).toBe(0);
    expect(await unread(cy)).toBe(0);
    // The post's author was told of every comment: hers goes back to the one before.
    expect((await list(ada)).items.map((n) => [n.text, n.read])).toEqual([['Cy', false]]);
    expect(await unread(ada)).toBe(1);
  });

  it('takes a removed post’s notifications with it', async () => {
    const [ada, bob] = await members('Ada', 'Bob');
    const postId = await createPost(t.app, ada);
    await createComment(t.app, bob, postId, 'a');
    await createComment(t.app, ada, postId, 'b');
    const res = await t.app.inject({ method: 'DELETE', url: `/api/post-delete/${postId}`, headers: ada.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect((await list(ada)).total).toBe(0);
    expect((await list(bob)).total).toBe(0);
    expect(await unread(ada)).toBe(0);
    expect(await unread(bob)).toBe(0);
  });

  it('tells a banned member nothing, and a banned member’s removed comments take their notifications', async () => {
    const [ada, bob, cy] = await members('Ada', 'Bob', 'Cy');
    const postId = await createPost(t.app, ada);
    const rude = await createComment(t.app, cy, postId, 'rude');
    await t.app.inject({
      method: 'POST',
      url: '/api/reported-comment',
      headers: ada.headers,
      payload: { commentId: rude, ReportedComment: 'Abusive or disrespectful language' },
    });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user-delete/${cy.email}`, headers: admin.headers })).statusCode).toBe(200);
    // Read, so that the next comment is a notification of its own.
    await readAll(ada);
    await createComment(t.app, bob, postId, 'after the ban');
    expect(await rowsOf(cy)).toEqual([]);
    expect((await list(ada)).total).toBe(2);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/reported-comment-delete/${cy.email}`, headers: admin.headers });
    expect(removed.json()).toEqual({ deletedCount: 1 });
    expect((await list(ada)).items.map((n) => n.text)).toEqual(['after the ban']);
    expect(await unread(ada)).toBe(1);
  });

  it('tells every member but its author of an announcement, quotes its edit, and its removal takes them', async () => {
    const [ada, bob] = await members('Ada', 'Bob');
    const before = await unread(ada);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/announcement-data',
      headers: admin.headers,
      payload: { title: 'Maintenance', description: 'The forum is **down** on Sunday.' },
    });
    const announcementId = res.json().insertedId as string;
    for (const m of [ada, bob]) {
      expect((await list(m)).items[0]).toMatchObject({
        type: 'announcement',
        read: false,
        actor: { name: 'Admin' },
        postId: null,
        commentId: null,
        title: 'Maintenance',
        text: 'The forum is down on Sunday.',
      });
    }
    expect(await unread(ada)).toBe(before + 1);
    expect((await list(admin)).items.some((n) => n.type === 'announcement')).toBe(false);
    // The long id of an announcement's notification is read like any other.
    const [mine] = (await list(bob)).items;
    expect((await read(bob, mine!._id)).json()).toEqual({ modifiedCount: 1 });

    // An edit is quoted anew, read or not, and counts nothing again.
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/announcement-data/${announcementId}`,
      headers: admin.headers,
      payload: { title: 'Maintenance moved', description: 'The forum is down on *Monday*.' },
    });
    expect(edited.statusCode).toBe(200);
    for (const m of [ada, bob]) {
      expect((await list(m)).items[0]).toMatchObject({
        type: 'announcement',
        title: 'Maintenance moved',
        text: 'The forum is down on Monday.',
      });
    }
    expect(await unread(ada)).toBe(before + 1);
    expect(await unread(bob)).toBe(0);

    await t.app.inject({ method: 'DELETE', url: `/api/announcement-data/${announcementId}`, headers: admin.headers });
    expect((await list(ada)).items.some((n) => n.type === 'announcement')).toBe(false);
    expect(await unread(ada)).toBe(before);
    expect(await unread(bob)).toBe(0);
  });

  it('tells a member their Gold membership is active', async () => {
    const [gil] = await members('Gil');
    const { clientSecret } = (
      await t.app.inject({ method: 'POST', url: '/api/create-payment', headers: gil.headers, payload: {} })
    ).json() as { clientSecret: string };
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      headers: gil.headers,
      payload: {
        clientSecret,
        card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' },
        billing_details: { name: 'Gil', email: gil.email },
      },
    });
    const upgrade = () =>
      t.app.inject({ method: 'PATCH', url: `/api/update/membership/${gil.email}`, headers: gil.headers, payload: { membership: 'Gold' } });
    expect((await upgrade()).json()).toEqual({ modifiedCount: 1 });
    expect((await upgrade()).json()).toEqual({ modifiedCount: 0 });
    const { items } = await list(gil);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ type: 'membership', postId: null, commentId: null, title: 'Gold membership' });
  });

  it('marks one read, then all, and the unread count follows', async () => {
    const [ada, bob] = await members('Ada', 'Bob');
    for (const text of ['a', 'b', 'c']) await createComment(t.app, bob, await createPost(t.app, ada), text);
    const [first] = (await list(ada)).items;
    expect((await read(ada, first!._id)).json()).toEqual({ modifiedCount: 1 });
    expect((await read(ada, first!._id)).json()).toEqual({ modifiedCount: 0 });
    expect(await unread(ada)).toBe(2);
    expect((await list(ada)).items.map((n) => n.read)).toEqual([true, false, false]);
    expect((await readAll(ada)).json()).toEqual({ modifiedCount: 2 });
    expect(await unread(ada)).toBe(0);
    expect((await list(ada)).items.every((n) => n.read)).toBe(true);
    expect((await readAll(ada)).json()).toEqual({ modifiedCount: 0 });
  });

  it('keeps each member’s notifications their own', async () => {
    const [ada, bob] = await members('Ada', 'Bob');
    const postId = await createPost(t.app, ada);
    await createComment(t.app, bob, postId, 'hello');
    const [adas] = (await list(ada)).items;
    // Bob cannot mark Ada's: the same 404 as an id that does not exist.
    const theirs = await read(bob, adas!._id);
    const none = await read(bob, '0190aaaa-0000-7000-8000-000000000000');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(none.json());
    expect((await readAll(bob)).json()).toEqual({ modifiedCount: 0 });
    expect((await list(ada)).items[0]!.read).toBe(false);
    expect(await unread(ada)).toBe(1);
    expect((await list(bob)).items.map((n) => n._id)).not.toContain(adas!._id);
  });

  it('pages newest first with the total, and refuses a bad page with 400', async () => {
    const [ada, bob] = await members('Ada', 'Bob');
    const postId = await createPost(t.app, ada);
    // Each read before the next comment, so that each is a notification of its own.
    for (let i = 1; i <= 7; i += 1) {
      await createComment(t.app, bob, postId, `c${i}`);
      await readAll(ada);
    }
    const page1 = await list(ada, '?page=1&limit=3');
    expect(page1.total).toBe(7);
    expect(page1.items.map((n) => n.text)).toEqual(['c4', 'c3', 'c2']);
    expect((await list(ada)).items).toHaveLength(7);
    for (const query of ['?page=-1', '?limit=0', '?limit=101', '?page=1.5', '?limit=abc']) {
      const res = await t.app.inject({ url: `/api/notifications${query}`, headers: ada.headers });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('pages read and unread notifications together, newest first, also when a comment brings an unread one up', async () => {
    const [ada, bob] = await members('Ada', 'Bob');
    const posts: Record<string, string> = {};
    for (const title of ['A', 'B', 'C', 'D', 'E']) {
      posts[title] = await createPost(t.app, ada, { title });
      await createComment(t.app, bob, posts[title], `on ${title}`);
    }
    // B and D read; A, C and E unread. Read and unread ones are indexed apart (migration 0016).
    for (const n of (await list(ada)).items) if (n.title === 'B' || n.title === 'D') expect((await read(ada, n._id)).statusCode).toBe(200);
    const titles = async (query: string) => (await list(ada, query)).items.map((n) => `${n.title}${n.read ? '' : '*'}`);
    expect(await titles('?page=0&limit=2')).toEqual(['E*', 'D']);
    expect(await titles('?page=1&limit=2')).toEqual(['C*', 'B']);
    expect(await titles('?page=2&limit=2')).toEqual(['A*']);
    expect((await list(ada, '?page=2&limit=2')).total).toBe(5);
    // A new comment on C brings its unread notification up to date: first again.
    await createComment(t.app, bob, posts.C!, 'again on C');
    expect(await titles('?page=0&limit=2')).toEqual(['C*', 'E*']);
    expect(await titles('?page=1&limit=2')).toEqual(['D', 'B']);
    expect(await titles('?page=2&limit=2')).toEqual(['A*']);
    expect((await list(ada)).total).toBe(5);
  });

  it('answers 401 without a session, and writes nothing', async () => {
    const [ada, bob] = await members('Ada', 'Bob');
    const postId = await createPost(t.app, ada);
    await createComment(t.app, bob, postId, 'x');
    const [n] = (await list(ada)).items;
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['PATCH', `/api/notifications/${n!._id}/read`],
      ['POST', '/api/notifications/read-all'],
      ['GET', '/api/notification-settings'],
      ['PATCH', '/api/notification-settings'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        ...(method === 'PATCH' && url.endsWith('settings') ? { payload: { emailOnReply: false } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    expect((await rowsOf(ada)).map((r) => r.read_at)).toEqual([null]);
    expect(await unread(ada)).toBe(1);
    const settings = await t.db
      .selectFrom('users')
      .select(['email_on_comment', 'email_on_reply'])
      .where('id', '=', ada.id)
      .executeTakeFirstOrThrow();
    expect(settings).toEqual({ email_on_comment: 1, email_on_reply: 1 });
  });

  describe('settings', () => {
    const get = async (m: TestMember) =>
      (await t.app.inject({ url: '/api/notification-settings', headers: m.headers })).json() as NotificationSettings;
    const patch = (m: TestMember, payload: unknown) =>
      t.app.inject({ method: 'PATCH', url: '/api/notification-settings', headers: m.headers, payload: payload as object });

    it('are on by default, change one at a time, and are the caller’s own', async () => {
      const [ada, bob] = await members('Ada', 'Bob');
      expect(await get(ada)).toEqual({ emailOnComment: true, emailOnReply: true });
      const res = await patch(ada, { emailOnReply: false });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ emailOnComment: true, emailOnReply: false });
      expect((await patch(ada, { emailOnComment: false, emailOnReply: true })).json()).toEqual({
        emailOnComment: false,
        emailOnReply: true,
      });
      expect(await get(ada)).toEqual({ emailOnComment: false, emailOnReply: true });
      expect(await get(bob)).toEqual({ emailOnComment: true, emailOnReply: true });
    });

    it.each([[{}], [{ emailOnComment: 'yes' }], [{ emailOnReply: 1 }], [[]]])(
      'refuses %j with 400 and changes nothing',
      async (payload) => {
        const [ada] = await members('Ada');
        await patch(ada, { emailOnComment: false });
        const res = await patch(ada, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
        expect(await get(ada)).toEqual({ emailOnComment: false, emailOnReply: true });
      },
    );

    it.runIf(process.env.TEST_DATABASE_URL !== undefined)(
      'keeps both of two changes made at once, each answered as it left them (PostgreSQL)',
      async () => {
        const [ada] = await members('Ada');
        // Another write holding Ada's row, so that both changes arrive while it is held.
        const trx = await t.db.startTransaction().execute();
        await trx.selectFrom('users').select('id').where('id', '=', ada.id).forNoKeyUpdate().execute();
        const first = patch(ada, { emailOnComment: false });
        const second = patch(ada, { emailOnReply: false });
        await new Promise((resolve) => setTimeout(resolve, 200));
        await trx.commit().execute();
        const answers = [(await first).json(), (await second).json()] as NotificationSettings[];
        expect(await get(ada)).toEqual({ emailOnComment: false, emailOnReply: false });
        // The one that went second saw the first.
        expect(answers).toContainEqual({ emailOnComment: false, emailOnReply: false });
      },
    );
  });

  describe('whether a notification is also mailed', () => {
    // Whether the notification of this comment was mailed for it: an unread notification takes
    // the comment it is mailed for (and its time); a later comment not mailed leaves it as it is.
    const emailed = async (m: TestMember, commentId: string) => {
      const row = await t.db
        .selectFrom('notifications')
        .select(['emailed_at', 'created_at'])
        .where('member_id', '=', m.id)
        .where('comment_id', '=', commentId)
        .executeTakeFirst();
      return row !== undefined && row.emailed_at !== null && row.emailed_at === row.created_at;
    };
    const mailedAgo = (m: TestMember, postId: string, minutes: number) =>
      t.db
        .updateTable('notifications')
        .set({ emailed_at: new Date(Date.now() - minutes * 60 * 1000).toISOString() })
        .where('member_id', '=', m.id)
        .where('post_id', '=', postId)
        .where('emailed_at', 'is not', null)
        .execute();

    it('mails a comment or a reply at most once per post per member in 10 minutes', async () => {
      const [ada, bob, cy] = await members('Ada', 'Bob', 'Cy');
      const postId = await createPost(t.app, ada);
      const otherPost = await createPost(t.app, ada);
      const c1 = await createComment(t.app, bob, postId, 'first');
      expect(await emailed(ada, c1)).toBe(true);
      const c2 = await createComment(t.app, cy, postId, 'second');
      expect(await emailed(ada, c2)).toBe(false); // Ada was mailed about this post a moment ago
      expect(await emailed(bob, c2)).toBe(true); // Bob was not
      // Another post is another mail.
      const c3 = await createComment(t.app, bob, otherPost, 'elsewhere');
      expect(await emailed(ada, c3)).toBe(true);
      // Ten minutes after the last mail about the post, the next one goes.
      await mailedAgo(ada, postId, 11);
      const c4 = await createComment(t.app, cy, postId, 'later');
      expect(await emailed(ada, c4)).toBe(true);
      // Nine minutes is not enough.
      await mailedAgo(ada, postId, 9);
      const c5 = await createComment(t.app, bob, postId, 'again');
      expect(await emailed(ada, c5)).toBe(false);
      // Nor is it when the mailed notification was read since: the next one is new, and not mailed.
      await readAll(ada);
      const c6 = await createComment(t.app, cy, postId, 'after reading');
      expect(await emailed(ada, c6)).toBe(false);
      expect((await rowsOf(ada)).filter((r) => r.post_id === postId)).toHaveLength(2);
    });

    it('counts a mail whose comment was deleted: deleting and writing again mails no one sooner', async () => {
      const [ada, bob, cy] = await members('Ada', 'Bob', 'Cy');
      const postId = await createPost(t.app, ada);
      const remove = async (m: TestMember, commentId: string) =>
        expect((await t.app.inject({ method: 'DELETE', url: `/api/comment-data/${commentId}`, headers: m.headers })).json()).toEqual({
          deletedCount: 1,
        });
      const c1 = await createComment(t.app, bob, postId, 'first');
      expect(await emailed(ada, c1)).toBe(true);
      await remove(bob, c1);
      const c2 = await createComment(t.app, bob, postId, 'first, again');
      expect(await emailed(ada, c2)).toBe(false);
      expect((await rowsOf(ada)).filter((r) => r.post_id === postId)).toHaveLength(1);
      // Nor when an admin removes it.
      await remove(admin, c2);
      expect(await emailed(ada, await createComment(t.app, cy, postId, 'third'))).toBe(false);
      // Ten minutes after the mail, the next goes.
      await t.db
        .updateTable('notification_mail_holds')
        .set({ mailed_at: new Date(Date.now() - 11 * 60 * 1000).toISOString() })
        .where('member_id', '=', ada.id)
        .execute();
      expect(await emailed(ada, await createComment(t.app, bob, postId, 'much later'))).toBe(true);
      // A hold past its time goes with the next comment's removal.
      await remove(bob, await createComment(t.app, bob, postId, 'gone'));
      const holds = await t.db.selectFrom('notification_mail_holds').select('mailed_at').where('member_id', '=', ada.id).execute();
      expect(holds.every((h) => Date.parse(h.mailed_at) > Date.now() - 10 * 60 * 1000)).toBe(true);
    });

    it('follows the member’s settings: emailOnComment for comments, emailOnReply for replies', async () => {
      const [ada, bob, cy] = await members('Ada', 'Bob', 'Cy');
      const postId = await createPost(t.app, ada);
      await t.app.inject({ method: 'PATCH', url: '/api/notification-settings', headers: ada.headers, payload: { emailOnComment: false } });
      await t.app.inject({ method: 'PATCH', url: '/api/notification-settings', headers: bob.headers, payload: { emailOnReply: false } });
      await createComment(t.app, bob, postId, 'b');
      const c = await createComment(t.app, cy, postId, 'c');
      expect(await emailed(ada, c)).toBe(false);
      expect(await emailed(bob, c)).toBe(false);
      // Bob's own post still mails him of comments.
      const bobsPost = await createPost(t.app, bob);
      const d = await createComment(t.app, cy, bobsPost, 'd');
      expect(await emailed(bob, d)).toBe(true);
    });

    it('never mails an announcement or a membership', async () => {
      await t.app.inject({
        method: 'POST',
        url: '/api/announcement-data',
        headers: admin.headers,
        payload: { title: 'Hello', description: 'Everyone' },
      });
      const mailed = await t.db
        .selectFrom('notifications')
        .select('id')
        .where('type', 'in', ['announcement', 'membership'])
        .where('emailed_at', 'is not', null)
        .execute();
      expect(mailed).toEqual([]);
    });
  });
});
