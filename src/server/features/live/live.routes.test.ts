import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIVE_EVENT_ID, LIVE_EVENT_NAMES } from '#shared/live-events.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { openEventStream, type EventStreamClient, type StreamEvent } from '../../test/event-stream.ts';
import { createAdmin, createComment, createPost, createTags } from '../../test/factories.ts';
import { testRedisUrl } from '../../test/redis.ts';
import { signIn, signUp, type TestMember } from '../../test/sign-in.ts';
import { isPostgres } from '../../db/engine.ts';
import { STREAMS_END, memberOnly } from './live.bus.ts';
import { compareEventIds } from './live-ids.ts';

// GET /api/events (API.md "Live updates") on a listening server, read as a browser reads it;
// on the in-process bus and, where Redis answers (always in CI), on the Redis stream.
const buses = [
  { bus: 'memory', env: {} as Record<string, string> },
  ...(testRedisUrl ? [{ bus: 'redis', env: { REDIS_URL: testRedisUrl } }] : []),
];

const EMAIL = /[\w.+-]+@[\w-]+\.[\w.-]+/;

/** A notification for `member` from `actor`, written as the notifications reaction writes one. */
const recordNotification = (t: TestApp, member: TestMember, text: string, actor: string) =>
  t.writePath.run(async (w) => {
    w.record({
      type: 'notification.created',
      recipientId: member.id,
      notification: {
        _id: `n-${text}`,
        type: 'comment',
        read: false,
        createdAt: new Date().toISOString(),
        actor: { name: actor, photo: null },
        postId: 'p-1',
        commentId: 'c-1',
        title: 'A post',
        text,
      },
      unread: 1,
      email: false,
    });
  });

describe.each(buses)('live updates ($bus bus)', ({ env }) => {
  let t: TestApp;
  let base: string;
  let admin: TestMember;
  let alice: TestMember;
  let bob: TestMember;
  const opened: EventStreamClient[] = [];
  /** Whose email no event may carry (the last test). */
  const members: TestMember[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ ...env, LIVE_HEARTBEAT_SECONDS: '0.05' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await createTags(t, 'go', 'rust');
    admin = await createAdmin(t);
    [alice, bob] = [await signUp(t.app, { name: 'Alice' }), await signUp(t.app, { name: 'Bob' })];
    members.push(admin, alice, bob);
  });
  afterAll(async () => {
    opened.forEach((s) => s.close());
    await t.close();
  });

  const open = async (query = '', member?: TestMember, headers: Record<string, string> = {}) => {
    const s = await openEventStream(base, `/api/events${query}`, { ...(member ? { cookie: member.cookie } : {}), ...headers });
    opened.push(s);
    return s;
  };
  const data = <T = Record<string, unknown>>(e: StreamEvent) => JSON.parse(e.data) as T;
  const withId = (id: string) => (e: StreamEvent) => (JSON.parse(e.data) as { _id?: string; postId?: string })._id === id;

  it('streams events with an id each, in order: a new post as the home list shows it, its removal', async () => {
    const s = await open();
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(s.headers['content-encoding']).toBeUndefined();
    expect(s.headers['x-content-type-options']).toBe('nosniff');

    const postId = await createPost(t.app, alice, { title: 'Live one', category: 'go' });
    const post = await s.take(withId(postId));
    expect(post.event).toBe('post');
    const home = (await t.app.inject({ url: '/api/pagination' })).json() as unknown[];
    expect(data(post)).toEqual(home[0]);

    await t.app.inject({ method: 'DELETE', url: `/api/post-delete/${postId}`, headers: alice.headers });
    const deleted = await s.take('post-deleted');
    expect(data(deleted)).toEqual({ postId });
    for (const e of [post, deleted]) expect(e.id).toMatch(LIVE_EVENT_ID);
    expect(compareEventIds(deleted.id, post.id)).toBeGreaterThan(0);
  });

  it('sends a post’s comments and votes only to the streams subscribed to it', async () => {
    const p1 = await createPost(t.app, alice, { title: 'First', category: 'go' });
    const p2 = await createPost(t.app, alice, { title: 'Second', category: 'go' });
    const [on1, on2, none] = [await open(`?post=${p1}`, bob), await open(`?post=${p2}`), await open()];

    const commentId = await createComment(t.app, bob, p1, 'Seen **live**');
    const comment = await on1.take('comment');
    const listed = (await t.app.inject({ url: `/api/comment-pagination/${p1}` })).json() as Array<{ _id: string }>;
    expect(data(comment)).toEqual(listed.find((c) => c._id === commentId));

    const vote = (await t.app.inject({ method: 'PATCH', url: `/api/post-data/upVote/${p1}`, headers: bob.headers })).json();
    expect(data(await on1.take('votes'))).toEqual({ postId: p1, upVote: vote.upVote, downVote: vote.downVote });

    // A marker everyone gets after them: had the others been sent p1's events, they would have come first.
    const marker = await createPost(t.app, bob, { title: 'Marker', category: 'rust' });
    for (const s of [on1, on2, none]) await s.take(withId(marker));
    for (const s of [on2, none]) expect(s.events.filter((e) => e.event === 'comment' || e.event === 'votes')).toEqual([]);
  });

  it('sends a post’s edit and its comments’ edits and removals (a ban’s too) only to the streams subscribed to it, and replays them', async () => {
    // A writer of their own: the others are near their post limit.
    const dora = await signUp(t.app, { name: 'Dora' });
    members.push(dora);
    const p1 = await createPost(t.app, dora, { title: 'Before the edit', category: 'go' });
    const p2 = await createPost(t.app, dora, { title: 'Left alone', category: 'go' });
    const [on1, on2, none] = [await open(`?post=${p1}`, dora), await open(`?post=${p2}`), await open()];
    const listedComment = async (id: string) =>
      ((await t.app.inject({ url: `/api/comment-pagination/${p1}` })).json() as Array<{ _id: string }>).find((c) => c._id === id);
    const inject = async (method: 'PATCH' | 'DELETE', url: string, member: TestMember, payload?: object) => {
      const res = await t.app.inject({ method, url, headers: member.headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode, res.body).toBe(200);
    };

    const commentId = await createComment(t.app, bob, p1, 'First words');
    const added = await on1.take('comment');

    // By its writer, then by an admin: the comment as the page lists it, still its writer's.
    await inject('PATCH', `/api/comment-data/${commentId}`, bob, { comment: 'Second **words**' });
    const byWriter = await on1.take('comment-edited');
    expect(data(byWriter)).toEqual(await listedComment(commentId));
    expect(data(byWriter)).toMatchObject({
      _id: commentId,
      comment: 'Second **words**',
      commentHtml: expect.stringContaining('<strong>words</strong>'),
    });
    await inject('PATCH', `/api/comment-data/${commentId}`, admin, { comment: 'Tidied by an admin' });
    const byAdmin = await on1.take('comment-edited');
    expect(data(byAdmin)).toEqual(await listedComment(commentId));
    expect(data(byAdmin)).toMatchObject({ commenter_name: 'Bob', authorId: bob.id, editedAt: expect.any(String) });

    // The post as the page shows it, but for the reader's own vote and right to delete it.
    await inject('PATCH', `/api/post-data/${p1}`, dora, { title: 'After the edit', description: 'New *text*', category: 'rust' });
    const postEdited = await on1.take('post-edited');
    const {
      myVote: _myVote,
      canDelete: _canDelete,
      ...shown
    } = (await t.app.inject({ url: `/api/post-data/${p1}` })).json() as Record<string, unknown>;
    expect(data(postEdited)).toEqual(shown);
    expect(data(postEdited)).toMatchObject({ title: 'After the edit', category: 'rust', editedAt: expect.any(String) });

    await inject('DELETE', `/api/comment-data/${commentId}`, bob);
    expect(data(await on1.take('comment-deleted'))).toEqual({ postId: p1, commentId });

    // A ban takes the member's reported comments: each one's removal is told.
    const carol = await signUp(t.app, { name: 'Carol' });
    members.push(carol);
    const reported = [await createComment(t.app, carol, p1, 'Spam one'), await createComment(t.app, carol, p1, 'Spam two')];
    for (const id of reported) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/reported-comment',
        headers: dora.headers,
        payload: { commentId: id, ReportedComment: 'Spam or promotional content' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await inject('DELETE', `/api/user-delete/${carol.email}`, admin);
    await inject('DELETE', `/api/reported-comment-delete/${carol.email}`, admin);
    const banned = [await on1.take('comment-deleted'), await on1.take('comment-deleted')].map((e) => data(e));
    expect(banned).toEqual(expect.arrayContaining(reported.map((id) => ({ postId: p1, commentId: id }))));

    // A marker everyone gets after them: had the others been sent p1's events, they would have come first.
    const marker = await createPost(t.app, dora, { title: 'After the edits', category: 'rust' });
    for (const s of [on1, on2, none]) await s.take(withId(marker));
    const edits = new Set(['post-edited', 'comment-edited', 'comment-deleted']);
    for (const s of [on2, none]) expect(s.events.filter((e) => edits.has(e.event))).toEqual([]);

    // Replayed after the id a reconnecting client last saw, in order.
    const again = await open(`?post=${p1}`, dora, { 'last-event-id': added.id });
    await again.take(withId(marker));
    const replayed = again.events.filter((e) => edits.has(e.event));
    expect(replayed).toEqual(on1.events.filter((e) => edits.has(e.event)));
    expect(replayed.map((e) => e.event)).toEqual([
      'comment-edited',
      'comment-edited',
      'post-edited',
      'comment-deleted',
      'comment-deleted',
      'comment-deleted',
    ]);
  });

  it('sends the counts that votes arriving together leave, the last event matching the post as stored', async () => {
    const p = await createPost(t.app, alice, { title: 'Voted on together', category: 'go' });
    const s = await open(`?post=${p}`);
    const carol = await signUp(t.app, { name: 'Carol' });
    // On SQLite these share one transaction, and make one event.
    const cast: Array<[TestMember, 'upVote' | 'downVote']> = [
      [bob, 'upVote'],
      [carol, 'downVote'],
      [admin, 'upVote'],
    ];
    await Promise.all(
      cast.map(([member, direction]) =>
        t.app.inject({ method: 'PATCH', url: `/api/post-data/${direction}/${p}`, headers: member.headers }),
      ),
    );
    const marker = await createPost(t.app, bob, { title: 'After the votes', category: 'rust' });
    await s.take(withId(marker));
    const votes = s.events.filter((e) => e.event === 'votes').map((e) => data(e));
    const stored = (await t.app.inject({ url: `/api/post-data/${p}` })).json() as { upVote: number; downVote: number };
    expect({ upVote: stored.upVote, downVote: stored.downVote }).toEqual({ upVote: 2, downVote: 1 });
    expect(votes.length).toBeGreaterThan(0);
    expect(votes.at(-1)).toEqual({ postId: p, upVote: 2, downVote: 1 });
  });

  it('replays what a client missed after the Last-Event-ID it reconnects with (header or query)', async () => {
    const first = await open();
    const p = await createPost(t.app, alice, { title: 'Before the gap', category: 'go' });
    const seen = await first.take(withId(p));
    first.close();

    const missed = [await createPost(t.app, alice, { title: 'In the gap', category: 'go' })];
    await t.app.inject({
      method: 'POST',
      url: '/api/announcement-data',
      headers: admin.headers,
      payload: { title: 'Hi', description: 'All' },
    });
    missed.push(await createPost(t.app, bob, { title: 'Also in the gap', category: 'rust' }));

    for (const again of [await open('', undefined, { 'last-event-id': seen.id }), await open(`?lastEventId=${seen.id}`)]) {
      const a = await again.take(withId(missed[0]!));
      const announcement = await again.take('announcement');
      const b = await again.take(withId(missed[1]!));
      expect(again.events.slice(0, 3)).toEqual([a, announcement, b]);
      expect(data(announcement)).toMatchObject({ title: 'Hi', total: 1 });
      expect(compareEventIds(a.id, seen.id)).toBeGreaterThan(0);
    }
    // No id, or one that is not an id: nothing is replayed.
    const fresh = await open('', undefined, { 'last-event-id': 'nonsense' });
    const marker = await createPost(t.app, bob, { title: 'After', category: 'go' });
    expect((await fresh.take(() => true)).data).toContain(marker);
  });

  it('tells everyone of an admin’s edit of an announcement (as the list shows it) and its removal (its id, the bell’s count), and of nothing that changed nothing', async () => {
    const announcements = async () => {
      const res = await t.app.inject({ url: '/api/announcement-data' });
      return { items: res.json() as Array<{ _id: string }>, total: Number(res.headers['x-total-count']) };
    };
    const unreadOf = async (m: TestMember) =>
      ((await t.app.inject({ url: '/api/notifications/unread-count', headers: m.headers })).json() as { count: number }).count;
    const inject = (method: 'PATCH' | 'DELETE', id: string, payload?: object) =>
      t.app.inject({ method, url: `/api/announcement-data/${id}`, headers: admin.headers, ...(payload ? { payload } : {}) });
    const published = await t.app.inject({
      method: 'POST',
      url: '/api/announcement-data',
      headers: admin.headers,
      payload: { title: 'Before the edit', description: 'Old words' },
    });
    expect(published.statusCode, published.body).toBe(200);
    const id = (published.json() as { insertedId: string }).insertedId;
    const [anonymous, member, admins] = [await open(), await open('', alice), await open('', admin)];
    const streams = [anonymous, member, admins];

    // Nothing changed, and no such announcement: no event.
    expect((await inject('PATCH', id, { title: 'Before the edit', description: 'Old words' })).json()).toEqual({ modifiedCount: 0 });
    expect((await inject('PATCH', 'no-such-announcement', { title: 'X' })).statusCode).toBe(404);
    expect((await inject('DELETE', 'no-such-announcement')).statusCode).toBe(404);

    expect((await inject('PATCH', id, { title: 'After the edit', description: 'New **words**' })).json()).toEqual({ modifiedCount: 1 });
    const listed = (await announcements()).items.find((a) => a._id === id);
    expect(listed).toMatchObject({ title: 'After the edit', descriptionHtml: expect.stringContaining('<strong>words</strong>') });
    for (const s of streams) expect(data(await s.take('announcement-edited'))).toEqual(listed);

    // Alice's notification of it goes with it: her count falls, though no event of her own tells it.
    const [before, unread] = [await announcements(), await unreadOf(alice)];
    expect((await inject('DELETE', id)).json()).toEqual({ deletedCount: 1 });
    const after = await announcements();
    expect(after.total).toBe(before.total - 1);
    expect(await unreadOf(alice)).toBe(unread - 1);
    for (const s of streams) expect(data(await s.take('announcement-deleted'))).toEqual({ announcementId: id, total: after.total });
    expect((await inject('DELETE', id)).statusCode).toBe(404);
    expect((await inject('PATCH', id, { title: 'Gone' })).statusCode).toBe(404);

    // A marker everyone gets after them: one edit and one removal each, nothing for the refused writes.
    const marker = await createPost(t.app, admin, { title: 'After the announcement', category: 'go' });
    for (const s of streams) {
      await s.take(withId(marker));
      expect(s.events.filter((e) => e.event.startsWith('announcement-')).map((e) => e.event)).toEqual([
        'announcement-edited',
        'announcement-deleted',
      ]);
    }
  });

  it('tells everyone when an admin creates, renames or removes a tag, and whether posts now show another tag’s name', async () => {
    const tagWrite = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api/tag-data${url}`, headers: admin.headers, ...(payload ? { payload } : {}) });
    const idOf = async (tag: string) =>
      ((await t.app.inject({ url: '/api/tag-data' })).json() as Array<{ _id: string; tag: string }>).find((x) => x.tag === tag)!._id;
    // Posts of a member of its own, leaving the others' post limits to the tests that follow.
    const writer = await signUp(t.app, { name: 'Tag Reader' });
    members.push(writer);
    const streams = [await open(), await open('', alice), await open('', admin)];

    // Refused, changing nothing: no event.
    expect((await tagWrite('POST', '', { tag: 'go' })).statusCode).toBe(409);
    expect((await tagWrite('PATCH', '/no-such-tag', { tag: 'zig' })).statusCode).toBe(404);

    expect((await tagWrite('POST', '', { tag: 'zig' })).statusCode).toBe(200);
    const zig = await idOf('zig');
    // A tag no post uses, renamed and removed: no post shows another name.
    expect((await tagWrite('PATCH', `/${zig}`, { tag: 'ziglang' })).json()).toEqual({ modifiedCount: 1 });
    const used = await createPost(t.app, writer, { title: 'Comptime', category: 'ziglang' });
    // Its post moves to go: it shows another tag's name now.
    expect((await tagWrite('DELETE', `/${zig}?moveTo=${await idOf('go')}`)).json()).toEqual({ deletedCount: 1 });

    const marker = await createPost(t.app, writer, { title: 'After the tags', category: 'go' });
    for (const s of streams) {
      await s.take(withId(marker));
      expect(s.events.filter((e) => e.event === 'tags' || withId(used)(e)).map((e) => [e.event, data(e)])).toEqual([
        ['tags', { postsRetagged: false }],
        ['tags', { postsRetagged: false }],
        // Read as committed when it is sent: under the new tag's name, or already moved.
        ['post', expect.objectContaining({ _id: used })],
        ['tags', { postsRetagged: true }],
      ]);
    }
  });

  it('sends a member’s notification to that member’s streams only', async () => {
    const [mine, alsoMine, theirs, anonymous] = [await open('', alice), await open('', alice), await open('', bob), await open()];
    const bearer = await open('', undefined, alice.headers);
    const notification = {
      _id: 'n-1',
      type: 'comment' as const,
      read: false,
      createdAt: new Date().toISOString(),
      actor: { name: 'Bob', photo: null },
      postId: 'p-1',
      commentId: 'c-1',
      title: 'A post',
      text: 'Bob commented on your post',
    };
    const stored = ((await t.app.inject({ url: '/api/notifications/unread-count', headers: alice.headers })).json() as { count: number })
      .count;
    await t.writePath.run(async (w) => {
      w.record({ type: 'notification.created', recipientId: alice.id, notification, unread: stored + 3, email: true, unreadRead: true });
    });
    // The count the write gave; on PostgreSQL, for a write that only read it (it brought a row up
    // to date) before other writes committed, the one committed, read after the commit.
    const unread = isPostgres(t.db) ? stored : stored + 3;
    for (const s of [mine, alsoMine, bearer]) expect(data(await s.take('notification'))).toEqual({ ...notification, unread });

    const marker = await createPost(t.app, bob, { title: 'After the notification', category: 'go' });
    for (const s of [theirs, anonymous]) {
      await s.take(withId(marker));
      expect(s.events.filter((e) => e.event === 'notification')).toEqual([]);
    }
    // Nor is it replayed to anyone else.
    const replay = await open('', bob, { 'last-event-id': '0-0' });
    await replay.take(withId(marker));
    expect(replay.events.filter((e) => e.event === 'notification')).toEqual([]);
  });

  const notify = (member: TestMember, text: string) => recordNotification(t, member, text, 'Dave');
  const notifications = (s: EventStreamClient) => s.events.filter((e) => e.event === 'notification');
  const within = <T>(ms: number, what: string, promise: Promise<T>) =>
    Promise.race([
      promise,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: still waiting after ${ms} ms`)), ms)),
    ]);
  /** Another session of the member's (a second device), with its bearer headers. */
  const secondSession = async (member: TestMember) => {
    const res = await signIn(t.app, member.email, member.password);
    expect(res.statusCode).toBe(200);
    const { token } = res.json() as { token: string };
    return { token, headers: { authorization: `Bearer ${token}` } };
  };

  it('tells a member’s streams their unread count when a removal or a read elsewhere moves it, and nobody else’s', async () => {
    const unreadOf = async (m: TestMember) =>
      ((await t.app.inject({ url: '/api/notifications/unread-count', headers: m.headers })).json() as { count: number }).count;
    const first = await createPost(t.app, admin, { title: 'Unread one', category: 'go' });
    const second = await createPost(t.app, admin, { title: 'Unread two', category: 'go' });
    const gone = await createComment(t.app, alice, first, 'Soon gone');
    await createComment(t.app, alice, second, 'Staying');
    const before = await unreadOf(admin);
    expect(before).toBeGreaterThanOrEqual(2);
    const [admins, alices] = [await open('', admin), await open('', alice)];
    const counts = (s: EventStreamClient) =>
      s.events.filter((e) => e.event === 'unread-count').map((e) => data<{ count: number }>(e).count);

    // Alice deletes her comment: the admin's notification of it goes, and the count with it.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/comment-data/${gone}`, headers: alice.headers })).statusCode).toBe(200);
    expect(data(await admins.take('unread-count'))).toEqual({ count: before - 1 });

    // The admin reads everything on another device: this stream hears it.
    const phone = await secondSession(admin);
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: phone.headers })).statusCode).toBe(200);
    expect(data(await admins.take('unread-count'))).toEqual({ count: 0 });
    expect(await unreadOf(admin)).toBe(0);

    const marker = await createPost(t.app, admin, { title: 'After the counts', category: 'go' });
    await alices.take(withId(marker));
    expect(counts(alices)).toEqual([]);
    await admins.take(withId(marker));
    expect(counts(admins)).toEqual([before - 1, 0]);
  });

  it('tells a member’s streams only that the bank declined their Gold payment, and replays it to none of anyone else’s', async () => {
    const [mine, theirs, anonymous] = [await open('', alice), await open('', bob), await open()];
    // As Stripe's payment_intent.payment_failed records it (membership.service.ts).
    await t.writePath.run(async (w) => w.record({ type: 'payment.failed', intentId: 'pi_declined', memberId: alice.id }));
    expect(data(await mine.take('payment-failed'))).toEqual({});
    // Written by a member of its own, whose post counts against nobody's limit in the tests after.
    const carol = await signUp(t.app, { name: 'Carol' });
    members.push(carol);
    const marker = await createPost(t.app, carol, { title: 'After the declined payment', category: 'go' });
    const replay = await open('', bob, { 'last-event-id': '0-0' });
    for (const s of [theirs, anonymous, replay]) {
      await s.take(withId(marker));
      expect(s.events.filter((e) => e.event === 'payment-failed')).toEqual([]);
    }
  });

  it('ends the streams opened with a session that ends, and only those; one reopened with it hears no more of the member’s events', async () => {
    const [carol, dave] = [await signUp(t.app, { name: 'Carol' }), await signUp(t.app, { name: 'Dave' })];
    const other = await secondSession(carol);
    // Two tabs on one device (bearer and cookie, one session), a second device, someone else.
    const [signedOut, signedOutTab, stillSignedIn, anonymous] = [
      await open('', undefined, carol.headers),
      await open('', carol),
      await open('', undefined, other.headers),
      await open(),
    ];
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: carol.headers });
    expect(out.statusCode).toBe(200);
    // The signed-out session's streams end (each reconnects as what it is now: no one).
    await signedOut.ended;
    await signedOutTab.ended;

    // The other session's stream is still open, and still the member's: the word that ended the
    // others went by before this notification (the stream would have ended first: take throws).
    await notify(carol, 'after sign-out');
    expect(data(await stillSignedIn.take('notification'))).toMatchObject({ text: 'after sign-out' });

    const reopened = await open('', undefined, carol.headers);
    await notify(carol, 'reopened');
    expect(data(await stillSignedIn.take('notification'))).toMatchObject({ text: 'reopened' });
    const marker = await createPost(t.app, dave, { title: 'After the sign-out', category: 'go' });
    for (const s of [reopened, anonymous, stillSignedIn]) await s.take(withId(marker));
    expect(notifications(reopened)).toEqual([]);
    // Nor does replay bring it back, nor the word that ended the streams.
    const replay = await open('', undefined, { ...carol.headers, 'last-event-id': '0-0' });
    await replay.take(withId(marker));
    expect(replay.events.filter((e) => e.event === 'notification' || !LIVE_EVENT_NAMES.includes(e.event as never))).toEqual([]);

    // Every session ended at once (revoke-sessions, as a password reset ends them): the last stream ends too.
    const revoked = await t.app.inject({ method: 'POST', url: '/api/auth/revoke-sessions', headers: other.headers, payload: {} });
    expect(revoked.statusCode).toBe(200);
    await stillSignedIn.ended;
    const afterRevoke = await open('', undefined, other.headers);
    await notify(carol, 'after revoke');
    const marker2 = await createPost(t.app, dave, { title: 'After the revoke', category: 'go' });
    await afterRevoke.take(withId(marker2));
    expect(notifications(afterRevoke)).toEqual([]);
  });

  it('ends a stream whose session ended while it was opened (the end heard before the stream was there to hear it), replaying it nothing', async () => {
    const nora = await signUp(t.app, { name: 'Nora' });
    const other = await secondSession(nora);
    const stillSignedIn = await open('', undefined, other.headers);
    await notify(nora, 'before');
    const seen = await stillSignedIn.take('notification');

    // The stream's request has read its session; it is registered only once the session's end,
    // committed meanwhile, has reached the hub (as a sign-out may while the read waits on the database).
    const hub = t.app.live.hub;
    const register = hub.open.bind(hub);
    let sessionRead!: () => void;
    const read = new Promise<void>((resolve) => (sessionRead = resolve));
    let letRegister!: () => void;
    const registering = new Promise<void>((resolve) => (letRegister = resolve));
    const held = vi.spyOn(hub, 'open').mockImplementationOnce((res, request) => {
      sessionRead();
      void registering.then(() => register(res, request));
    });
    try {
      const opening = open('', nora, { 'last-event-id': seen.id });
      await read;
      const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: nora.headers });
      expect(out.statusCode).toBe(200);
      const heard = () => t.app.live.bus.after(seen.id).some((e) => e.name === STREAMS_END && e.audience === memberOnly(nora.id));
      while (!heard()) await new Promise((resolve) => setTimeout(resolve, 5));
      // One for the member after the sign-out, in what the stream would replay.
      await notify(nora, 'after sign-out');
      expect(data(await stillSignedIn.take('notification'))).toMatchObject({ text: 'after sign-out' });

      letRegister();
      const s = await opening;
      expect(s.status).toBe(200);
      await within(3000, 'the end of the stream opened with the session that ended', s.ended);
      await notify(nora, 'later');
      expect(data(await stillSignedIn.take('notification'))).toMatchObject({ text: 'later' });
      expect(notifications(s)).toEqual([]);
    } finally {
      letRegister();
      held.mockRestore();
    }
  });

  it('ends no other stream of the member when one reconnects with a session that has expired (and is deleted then)', async () => {
    const ivy = await signUp(t.app, { name: 'Ivy' });
    const other = await secondSession(ivy);
    const stream = await open('', undefined, other.headers);
    // Ivy's first session expires; a tab that reconnects with it has Better Auth delete it.
    const past = new Date(Date.now() - 60_000);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: t.engine === 'postgres' ? past : past.toISOString() })
      .where('token', '=', ivy.token)
      .execute();
    const expired = await open('', undefined, ivy.headers);
    expect(expired.status).toBe(200);
    const left = await t.db.selectFrom('sessions').select('id').where('token', '=', ivy.token).executeTakeFirst();
    expect(left).toBeUndefined();

    await notify(ivy, 'after the expired one went');
    expect(data(await stream.take('notification'))).toMatchObject({ text: 'after the expired one went' });
    const marker = await createPost(t.app, admin, { title: 'After the expired session', category: 'go' });
    await expired.take(withId(marker));
    expect(notifications(expired)).toEqual([]);
  });

  it('ends the streams of every session of the member when a password reset ends them all', async () => {
    const [jack, kate] = [await signUp(t.app, { name: 'Jack' }), await signUp(t.app, { name: 'Kate' })];
    const other = await secondSession(jack);
    const [first, second, someoneElse] = [await open('', jack), await open('', undefined, other.headers), await open('', kate)];
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: jack.email, redirectTo: 'http://localhost:3000/auth/reset-password' },
    });
    expect(asked.statusCode).toBe(200);
    // The link's token, as Better Auth keeps it (the mail is not what this test is about).
    const link = await t.db
      .selectFrom('verifications')
      .select('identifier')
      .where('value', '=', jack.id)
      .where('identifier', 'like', 'reset-password:%')
      .executeTakeFirstOrThrow();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: link.identifier.slice('reset-password:'.length), newPassword: 'N3w!Passw' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await first.ended;
    await second.ended;

    await notify(kate, 'for someone else');
    expect(data(await someoneElse.take('notification'))).toMatchObject({ text: 'for someone else' });
  });

  it('ends the streams of every session of a banned member', async () => {
    const [liam, mia] = [await signUp(t.app, { name: 'Liam' }), await signUp(t.app, { name: 'Mia' })];
    const other = await secondSession(liam);
    const [first, second, someoneElse] = [await open('', liam), await open('', undefined, other.headers), await open('', mia)];
    const ban = await t.app.inject({ method: 'DELETE', url: `/api/user-delete/${liam.email}`, headers: admin.headers });
    expect(ban.statusCode, ban.body).toBe(200);
    await first.ended;
    await second.ended;

    await notify(mia, 'after the ban');
    expect(data(await someoneElse.take('notification'))).toMatchObject({ text: 'after the ban' });
  });

  it('carries nothing but the stream on its connection: a request sent behind it ends the connection', async () => {
    const { hostname, port } = new URL(base);
    // The server ends the connection with the request unread: a reset, not an error here.
    const socket = net.connect(Number(port), hostname).on('error', () => {});
    let received = '';
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const heartbeats = () => received.split(': \n\n').length - 1;
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.write(`GET /api/events HTTP/1.1\r\nHost: ${hostname}\r\nAccept: text/event-stream\r\n\r\n`);
    // Heartbeats keep coming once the connection's parser is gone (lib/release-http-parser.ts).
    while (heartbeats() < 2) await new Promise((resolve) => socket.once('data', resolve));
    socket.write(`GET /api/health HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
    await closed;
    expect(received.match(/HTTP\/1\.1 /g)).toEqual(['HTTP/1.1 ']);
    expect(received).toContain('text/event-stream');
  });

  it('answers HEAD with a stream’s headers and no stream, taking no place', async () => {
    const res = await fetch(`${base}/api/events`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(await res.text()).toBe('');
  });

  it('sends a heartbeat comment to every open stream', async () => {
    const [a, b] = [await open(), await open('', alice)];
    await a.commentsReach(2);
    await b.commentsReach(2);
  });

  it('tells each browser a pause of its own before it reconnects (2–5 s), so a restart’s reconnections spread out', async () => {
    const streams = await Promise.all(Array.from({ length: 6 }, () => open()));
    await Promise.all(streams.map((s) => s.commentsReach(1)));
    const pauses = streams.map((s) => s.retry);
    for (const pause of pauses) {
      expect(pause).toBeGreaterThanOrEqual(2000);
      expect(pause).toBeLessThan(5000);
    }
    expect(new Set(pauses).size).toBeGreaterThan(1);
    streams.forEach((s) => s.close());
  });

  it('never sent an email address in any event the tests above received (API.md)', () => {
    const everything = opened.flatMap((s) => s.events);
    expect(new Set(everything.map((e) => e.event))).toEqual(new Set(LIVE_EVENT_NAMES));
    for (const e of everything) {
      expect(e.data, `${e.event} ${e.data}`).not.toMatch(EMAIL);
      for (const member of members) expect(e.data).not.toContain(member.email);
    }
  });

  it('refuses a bad post id in the one error shape', async () => {
    const res = await t.app.inject({ url: `/api/events?post=${'x'.repeat(65)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

// A member's stream lasts as long as its session: once the expiry it was opened with has passed,
// the session is read again, at the next heartbeat or before the next event for the stream.
describe.each(
  buses.flatMap(({ bus, env }) => [
    { bus, env, checked: 'at the heartbeat', heartbeat: '0.05' },
    // A heartbeat that never comes while the test runs: the event alone makes the check.
    { bus, env, checked: 'as an event comes', heartbeat: '25' },
  ]),
)('live updates: a session that expires under its stream ($bus bus, checked $checked)', ({ env, heartbeat }) => {
  let t: TestApp;
  let base: string;
  const opened: EventStreamClient[] = [];
  const atHeartbeat = heartbeat === '0.05';

  beforeAll(async () => {
    t = await buildTestApp({ ...env, LIVE_HEARTBEAT_SECONDS: heartbeat });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await createTags(t, 'go');
  });
  afterAll(async () => {
    opened.forEach((s) => s.close());
    await t.close();
  });

  const open = async (headers: Record<string, string> = {}) => {
    const s = await openEventStream(base, '/api/events', headers);
    opened.push(s);
    return s;
  };
  const setExpiry = (token: string, at: number) =>
    t.db
      .updateTable('sessions')
      .set({ expires_at: t.engine === 'postgres' ? new Date(at) : new Date(at).toISOString() })
      .where('token', '=', token)
      .execute();
  // A "don't remember me" session (a day, never extended by Better Auth) whose expiry is moved,
  // in the database, to a moment from now, before a stream opens with it.
  const expiringSoon = async (member: TestMember, inMs: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: member.email, password: member.password, rememberMe: false },
    });
    expect(res.statusCode).toBe(200);
    const setCookie = res.headers['set-cookie'];
    const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? '']).map((c) => c.split(';')[0]).join('; ');
    const { token } = res.json() as { token: string };
    const expiresAt = Date.now() + inMs;
    await setExpiry(token, expiresAt);
    return { cookie, token, expiresAt };
  };
  const notify = (member: TestMember, text: string) => recordNotification(t, member, text, 'Bob');
  const texts = (s: EventStreamClient) =>
    s.events.filter((e) => e.event === 'notification').map((e) => (JSON.parse(e.data) as { text: string }).text);
  const notification = async (s: EventStreamClient) => (JSON.parse((await s.take('notification')).data) as { text: string }).text;
  const until = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now()) + 20));
  const within = <T>(ms: number, what: string, promise: Promise<T>) =>
    Promise.race([
      promise,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: still waiting after ${ms} ms`)), ms)),
    ]);

  it('ends the stream once the session has expired; no notification of the member reaches it after', async () => {
    const gina = await signUp(t.app, { name: 'Gina' });
    const session = await expiringSoon(gina, 1500);
    const s = await open({ cookie: session.cookie });
    expect(s.status).toBe(200);
    await notify(gina, 'while signed in');
    expect(await notification(s)).toBe('while signed in');

    await until(session.expiresAt);
    if (atHeartbeat) await within(3000, 'the end of the stream at a heartbeat', s.ended);
    await notify(gina, 'after the expiry');
    await within(3000, 'the end of the stream whose session expired', s.ended);
    expect(texts(s)).toEqual(['while signed in']);

    // Reopened with it, the stream is no longer the member's.
    const reopened = await open({ cookie: session.cookie });
    await notify(gina, 'reopened');
    const marker = await createPost(t.app, gina, { title: 'After the expiry', category: 'go' });
    await reopened.take((e) => e.data.includes(marker));
    expect(texts(reopened)).toEqual([]);
  });

  it('keeps the stream whose session was extended meanwhile, with what came while it was read again', async () => {
    const hank = await signUp(t.app, { name: 'Hank' });
    const session = await expiringSoon(hank, 1500);
    const s = await open({ cookie: session.cookie });
    expect(s.status).toBe(200);
    // As a request made with the session would extend it.
    await setExpiry(session.token, Date.now() + 7 * 86_400_000);

    await until(session.expiresAt);
    if (atHeartbeat) await s.commentsReach(s.comments + 3);
    await notify(hank, 'after the old expiry');
    expect(await notification(s)).toBe('after the old expiry');
    await notify(hank, 'later');
    expect(await notification(s)).toBe('later');
    expect(texts(s)).toEqual(['after the old expiry', 'later']);
  });
});

describe('live updates: limits and shutdown', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp({ LIVE_STREAMS_PER_ADDRESS: '2' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('caps the open streams per address (429 in the one error shape) and frees a place when one closes', async () => {
    const [a, b] = [await openEventStream(base), await openEventStream(base)];
    const third = await openEventStream(base);
    expect(third.status).toBe(429);
    await third.ended;
    expect(JSON.parse(third.body)).toEqual({ message: 'Too many open event streams from this address.', code: 'RATE_LIMITED' });

    a.close();
    let again = await openEventStream(base);
    // The server hears of the closed connection on its own time: ask until it has.
    while (again.status === 429) {
      await again.ended;
      await new Promise((r) => setTimeout(r, 20));
      again = await openEventStream(base);
    }
    expect(again.status).toBe(200);
    b.close();
    again.close();
  });

  it('ends the streams of the other sessions when a member changes the password', async () => {
    const erin = await signUp(t.app, { name: 'Erin' });
    const other = await signIn(t.app, erin.email, erin.password);
    const otherStream = await openEventStream(base, '/api/events', {
      authorization: `Bearer ${(other.json() as { token: string }).token}`,
    });
    expect(otherStream.status).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: erin.headers,
      payload: { currentPassword: erin.password, newPassword: 'N3w!Passw' },
    });
    expect(res.statusCode).toBe(200);
    await otherStream.ended;
  });

  it('counts an IPv6 client by its /64 and an IPv4 one by its address', async () => {
    const proxied = await buildTestApp({ LIVE_STREAMS_PER_ADDRESS: '2', TRUST_PROXY: 'loopback' });
    try {
      const url = await proxied.app.listen({ port: 0, host: '127.0.0.1' });
      const from = (ip: string) => openEventStream(url, '/api/events', { 'x-forwarded-for': ip });
      const open = [await from('2001:db8:1:2::1'), await from('2001:db8:1:2::2')];
      const third = await from('2001:db8:1:2:ffff::3');
      expect(third.status).toBe(429);
      await third.ended;
      for (const ip of ['2001:db8:1:3::1', '203.0.113.7', '::ffff:203.0.113.8']) {
        const other = await from(ip);
        expect(other.status, ip).toBe(200);
        open.push(other);
      }
      // An IPv4-mapped address is the IPv4 address it maps.
      const mapped = await from('::ffff:203.0.113.7');
      expect(mapped.status).toBe(200);
      open.push(mapped);
      const over = await from('203.0.113.7');
      expect(over.status).toBe(429);
      await over.ended;
      for (const stream of open) stream.close();
    } finally {
      await proxied.close();
    }
  });

  it('keeps one heartbeat timer for all its streams, none per stream', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timers();
    const streams = await Promise.all([openEventStream(base), openEventStream(base)]);
    const withTwo = timers();
    expect(withTwo - before).toBeLessThanOrEqual(1);
    streams.forEach((s) => s.close());
    await Promise.all(streams.map((s) => s.ended));
  });

  /** A client that sends its request and then neither reads nor closes (a hostile one, or one gone without a word). */
  const stalledClient = (headers = '') => {
    const { hostname, port } = new URL(base);
    const socket = net.connect(Number(port), hostname).on('error', () => {});
    socket.pause();
    socket.write(`GET /api/events HTTP/1.1\r\nHost: ${hostname}\r\n${headers}\r\n`);
    return socket;
  };
  const within = <T>(ms: number, what: string, promise: Promise<T>) =>
    Promise.race([
      promise,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: still waiting after ${ms} ms`)), ms)),
    ]);

  it('lets the connection of a stream it ends go, even when its client never closes its side', async () => {
    const frank = await signUp(t.app, { name: 'Frank' });
    const served: net.Socket[] = [];
    const onConnection = (socket: net.Socket) => served.push(socket);
    t.app.server.on('connection', onConnection);
    while (t.app.live.hub.size > 0) await new Promise((r) => setTimeout(r, 10));
    const stalled = stalledClient(`Authorization: ${frank.headers.authorization}\r\n`);
    while (t.app.live.hub.size < 1) await new Promise((r) => setTimeout(r, 10));
    t.app.server.off('connection', onConnection);
    const connection = served[0]!;
    const gone = new Promise((resolve) => connection.once('close', resolve));

    try {
      await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: frank.headers });
      // Out of the hub (and of its count per address), and its socket closed too.
      await within(3000, 'the connection of the ended stream', gone);
    } finally {
      stalled.destroy();
    }
  });

  it('ends every open stream when the server closes, without waiting for them', async () => {
    // The streams of the tests before are gone once the server has heard of their closing.
    while (t.app.live.hub.size > 0) await new Promise((r) => setTimeout(r, 10));
    // Two: the cap of this app.
    const streams = [await openEventStream(base)];
    const stalled = stalledClient();
    while (t.app.live.hub.size < 2) await new Promise((r) => setTimeout(r, 10));
    try {
      await within(3000, 'the server closing', t.app.close());
    } finally {
      stalled.destroy();
    }
    await Promise.all(streams.map((s) => s.ended));
    expect(t.app.live.hub.size).toBe(0);
  });
});

describe('live updates: a long replay', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('is written as the client reads it: all of it, in order, once, and no more than a chunk held for a client that does not read', async () => {
    // About 20 MB of events a client missed.
    const missed = Array.from({ length: 1000 }, (_, i) => ({
      name: 'post-deleted' as const,
      audience: '*' as const,
      data: JSON.stringify({ postId: `${i}-${'x'.repeat(20_000)}` }),
    }));
    await t.app.live.bus.publish(missed);
    const served: net.Socket[] = [];
    t.app.server.on('connection', (socket: net.Socket) => served.push(socket));

    const { hostname, port } = new URL(base);
    const stalled = net.connect(Number(port), hostname).on('error', () => {});
    stalled.pause();
    stalled.write(`GET /api/events?lastEventId=0-0 HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
    while (t.app.live.hub.size < 1) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 100));
    expect(served).toHaveLength(1);
    expect(served[0]!.writableLength).toBeLessThan(1024 * 1024);

    const reader = await openEventStream(base, '/api/events', { 'last-event-id': '0-0' });
    const last = await reader.take((e) => e.data.startsWith('{"postId":"999-'));
    await t.app.live.bus.publish([{ name: 'post-deleted', audience: '*', data: JSON.stringify({ postId: 'live' }) }]);
    const live = await reader.take((e) => e.data === '{"postId":"live"}');
    expect(reader.events.map((e) => (JSON.parse(e.data) as { postId: string }).postId.split('-')[0])).toEqual([
      ...missed.map((_, i) => String(i)),
      'live',
    ]);
    expect(compareEventIds(live.id, last.id)).toBeGreaterThan(0);
    reader.close();
    stalled.destroy();
  });
});
