import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createComment, createPost, createTags } from '../../test/factories.ts';
import { signUp } from '../../test/sign-in.ts';
import { createWritePath } from '../../write-path/write-path.ts';
import { liveNotificationSchema } from '#shared/schemas/live.ts';
import type { EventOf, NotificationFacts } from '../../write-path/events.ts';
import { endedSessionMarks, sessionMark, type LiveBus, type LiveMessage } from './live.bus.ts';
import { liveReaction } from './live.reaction.ts';

// Publishing follows a write and never holds or fails it.
describe('the live reaction', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const busWith = (publish: (messages: readonly LiveMessage[]) => Promise<void>): LiveBus => ({
    publish,
    lingerMs: 0,
    listen: () => {},
    after: () => [],
    close: async () => {},
  });

  const announce = (writes: ReturnType<typeof createWritePath>, recipientId: string) =>
    writes.run(async (w) => {
      w.record({
        type: 'notification.created',
        recipientId,
        notification: {
          _id: `n-${recipientId}`,
          type: 'membership',
          read: false,
          createdAt: new Date().toISOString(),
          actor: { name: 'Code Commons', photo: null },
          postId: null,
          commentId: null,
          title: 'Gold',
          text: 'Your Gold membership is active',
        },
        unread: 1,
        email: false,
      });
      return 'written';
    });

  it('answers the write without waiting for the bus', async () => {
    const published: LiveMessage[] = [];
    // A bus that never finishes publishing: a reaction that waited for it would never answer.
    const stuck = busWith(async (messages) => {
      published.push(...messages);
      await new Promise(() => {});
    });
    const writes = createWritePath(t.db, {
      reactions: [liveReaction({ db: t.db, bus: stuck, onError: () => {} })],
      onReactionError: () => {},
    });
    expect(await announce(writes, 'm1')).toBe('written');
    expect(await announce(writes, 'm2')).toBe('written');
    while (published.length === 0) await new Promise((r) => setImmediate(r));
    expect(published.map((m) => m.audience)).toEqual(['member:m1']);
  });

  it('reports a bus that fails, and the write stands', async () => {
    const failures: unknown[] = [];
    const broken = busWith(async () => {
      throw new Error('Redis is down');
    });
    const writes = createWritePath(t.db, {
      reactions: [liveReaction({ db: t.db, bus: broken, onError: (error) => void failures.push(error) })],
      onReactionError: () => {},
    });
    expect(await announce(writes, 'm3')).toBe('written');
    while (failures.length === 0) await new Promise((r) => setImmediate(r));
    expect(failures).toEqual([new Error('Redis is down')]);
  });

  it("sends a notification's fields and only those, as its schema would", async () => {
    const published: LiveMessage[] = [];
    const writes = createWritePath(t.db, {
      reactions: [liveReaction({ db: t.db, bus: busWith(async (m) => void published.push(...m)), onError: () => {} })],
      onReactionError: () => {},
    });
    // Facts that carry more than a notification shows, as a row read with `select *` would.
    const notification = {
      _id: 'n-extra',
      type: 'reply',
      read: false,
      createdAt: '2026-11-28T12:00:00.000Z',
      actor: { name: 'Ada', photo: '/uploads/ada.png', email: 'ada@example.test' },
      postId: 'p1',
      commentId: 'c1',
      title: 'A post',
      text: 'A comment',
      memberEmail: 'bob@example.test',
    } as NotificationFacts;
    await writes.run(async (w) => {
      w.record({ type: 'notification.created', recipientId: 'm4', notification, unread: 7, email: true });
      return 'written';
    });
    while (published.length === 0) await new Promise((r) => setImmediate(r));
    const data: unknown = JSON.parse(published[0]!.data);
    expect(data).toEqual(liveNotificationSchema.parse({ ...notification, unread: 7 }));
    expect(published[0]!.data).not.toContain('example.test');
  });

  it("gives each recipient of a comment's notifications their own part, and each comment its own text", async () => {
    const published: LiveMessage[] = [];
    const writes = createWritePath(t.db, {
      reactions: [liveReaction({ db: t.db, bus: busWith(async (m) => void published.push(...m)), onError: () => {} })],
      onReactionError: () => {},
    });
    const facts = (id: string, commentId: string, text: string, read = false): NotificationFacts => ({
      _id: id,
      type: 'reply',
      read,
      createdAt: '2026-11-29T12:00:00.000Z',
      actor: { name: 'Ada', photo: null },
      postId: 'p1',
      commentId,
      title: 'A post',
      text,
    });
    // Two recipients of one comment, then one of the next comment, on the same post by the same writer.
    const sent = [
      { recipientId: 'm2', notification: facts('n1', 'c1', 'First words'), unread: 1 },
      { recipientId: 'm3', notification: facts('n2', 'c1', 'First words', true), unread: 4 },
      { recipientId: 'm2', notification: facts('n3', 'c2', 'Second words'), unread: 2 },
    ];
    await writes.run(async (w) => {
      for (const e of sent) w.record({ type: 'notification.created', ...e, email: false });
      return 'written';
    });
    while (published.length < sent.length) await new Promise((r) => setImmediate(r));
    expect(published.map((m) => JSON.parse(m.data) as unknown)).toEqual(
      sent.map((e) => liveNotificationSchema.parse({ ...e.notification, unread: e.unread })),
    );
  });

  it("makes a comment's event from the write's facts, and none for a comment removed before it went", async () => {
    const published: LiveMessage[] = [];
    const writes = createWritePath(t.db, {
      reactions: [liveReaction({ db: t.db, bus: busWith(async (m) => void published.push(...m)), onError: () => {} })],
      onReactionError: () => {},
    });
    const at = '2026-11-29T12:00:00.000Z';
    // No rows behind these: the event must not need any.
    const added = (id: string, postId: string): EventOf<'comment.added'> => ({
      type: 'comment.added',
      comment: { id, postId, authorId: 'm1', createdAt: at },
      postAuthorId: 'm2',
      indexed: { postTitle: 'A post', postCategory: 'go' },
      listed: {
        _id: id,
        comment: id,
        commenter_name: 'Ada',
        commenter_photo: '/uploads/ada.png',
        createdAt: at,
        postId,
        authorId: 'm1',
        commentHtml: `<p>${id}</p>`,
        editedAt: null,
      },
    });
    const removed = (id: string, postId: string): EventOf<'comments.removed'> => ({
      type: 'comments.removed',
      comments: [{ id, postId, authorId: 'm1', createdAt: at, reported: false }],
    });
    await writes.run(async (w) => {
      w.record(added('c-kept', 'p-1'));
      w.record(added('c-gone', 'p-1'));
      w.record(removed('c-gone', 'p-1'));
      w.record(added('c-of-gone-post', 'p-gone'));
      const post = { id: 'p-gone', authorId: 'm2', category: 'go', createdAt: at, upVotes: 0, downVotes: 0, commentCount: 1 };
      w.record({ type: 'post.removed', post, comments: [], commentIds: [], votePoints: [], reports: 0 });
      w.record(added('c-last', 'p-1'));
    });
    while (!published.some((m) => m.name === 'comment' && m.data.includes('c-last'))) await new Promise((r) => setImmediate(r));
    const comments = published.filter((m) => m.name === 'comment');
    expect(comments.map((m) => [m.audience, JSON.parse(m.data) as unknown])).toEqual([
      ['post:p-1', added('c-kept', 'p-1').listed],
      ['post:p-1', added('c-last', 'p-1').listed],
    ]);
  });

  it('reads an edit from the committed rows (none once the row is gone), and tells each removed comment', async () => {
    await createTags(t, 'edits');
    const author = await signUp(t.app, { name: 'Edited' });
    const postId = await createPost(t.app, author, { category: 'edits' });
    const commentId = await createComment(t.app, author, postId, 'Kept');
    const published: LiveMessage[] = [];
    const writes = createWritePath(t.db, {
      reactions: [liveReaction({ db: t.db, bus: busWith(async (m) => void published.push(...m)), onError: () => {} })],
      onReactionError: () => {},
    });
    const at = '2026-11-29T12:00:00.000Z';
    const comment = (id: string) => ({ id, postId, authorId: author.id, createdAt: at });
    const post = (id: string) => ({ id, authorId: author.id, category: 'edits', createdAt: at });
    await writes.run(async (w) => {
      w.record({ type: 'comment.edited', comment: comment(commentId) });
      w.record({ type: 'comment.edited', comment: comment('c-gone') });
      w.record({ type: 'post.edited', post: post(postId), before: { category: 'edits' } });
      w.record({ type: 'post.edited', post: post('p-gone'), before: { category: 'edits' } });
      // A ban's reported comments go together, in one event.
      w.record({
        type: 'comments.removed',
        comments: [
          { ...comment('c-1'), reported: true },
          { ...comment('c-2'), reported: true },
        ],
      });
    });
    while (published.length < 4) await new Promise((r) => setImmediate(r));
    const listed = ((await t.app.inject({ url: `/api/comment-pagination/${postId}` })).json() as unknown[])[0];
    const {
      myVote: _myVote,
      canDelete: _canDelete,
      ...shown
    } = (await t.app.inject({ url: `/api/post-data/${postId}` })).json() as Record<string, unknown>;
    expect(published.map((m) => [m.name, m.audience, JSON.parse(m.data) as unknown])).toEqual([
      ['comment-edited', `post:${postId}`, listed],
      ['post-edited', `post:${postId}`, shown],
      ['comment-deleted', `post:${postId}`, { postId, commentId: 'c-1' }],
      ['comment-deleted', `post:${postId}`, { postId, commentId: 'c-2' }],
    ]);
  });

  it('reads an announcement’s edit from the committed row (none once it is gone) and gives its removal the bell’s count', async () => {
    const admin = await createAdmin(t);
    const published = await t.app.inject({
      method: 'POST',
      url: '/api/announcement-data',
      headers: admin.headers,
      payload: { title: 'Kept', description: 'Still *here*' },
    });
    const id = (published.json() as { insertedId: string }).insertedId;
    const messages: LiveMessage[] = [];
    const writes = createWritePath(t.db, {
      reactions: [liveReaction({ db: t.db, bus: busWith(async (m) => void messages.push(...m)), onError: () => {} })],
      onReactionError: () => {},
    });
    await writes.run(async (w) => {
      w.record({ type: 'announcement.edited', announcementId: id });
      // Edited, then removed by a write committed with it: its edit has no event any more.
      w.record({ type: 'announcement.edited', announcementId: 'a-gone' });
      w.record({ type: 'announcement.removed', announcementId: 'a-gone' });
    });
    while (messages.length < 2) await new Promise((r) => setImmediate(r));
    const list = await t.app.inject({ url: '/api/announcement-data' });
    const listed = (list.json() as Array<{ _id: string }>).find((a) => a._id === id);
    expect(messages.map((m) => [m.name, m.audience, JSON.parse(m.data) as unknown])).toEqual([
      ['announcement-edited', '*', listed],
      ['announcement-deleted', '*', { announcementId: 'a-gone', total: Number(list.headers['x-total-count']) }],
    ]);
    expect(messages.map((m) => m.data).join()).not.toContain(admin.email);
  });

  it('keeps the order of the events, those read after the commit among those made of the facts', async () => {
    await createTags(t, 'go');
    const author = await signUp(t.app, { name: 'Ordered' });
    const postId = await createPost(t.app, author, { category: 'go' });
    const published: LiveMessage[] = [];
    const writes = createWritePath(t.db, {
      reactions: [liveReaction({ db: t.db, bus: busWith(async (m) => void published.push(...m)), onError: () => {} })],
      onReactionError: () => {},
    });
    await writes.run(async (w) => {
      w.record({ type: 'sessions.ended', memberId: 'm-first', sessionId: 's-first' });
      // Its counts are those it left (the post's row was held while it was cast).
      w.record({
        type: 'vote.cast',
        postId,
        postAuthorId: author.id,
        voterId: 'm-voter',
        before: null,
        beforeAt: null,
        after: 'up',
        at: '2026-11-29T12:00:00.000Z',
        counts: { upVote: 1, downVote: 0 },
      });
      w.record({ type: 'sessions.ended', memberId: 'm-last', sessionId: 's-last' });
    });
    while (published.length < 3) await new Promise((r) => setImmediate(r));
    expect(published.map((m) => [m.name, m.audience])).toEqual([
      ['streams-end', 'member:m-first'],
      ['votes', `post:${postId}`],
      ['streams-end', 'member:m-last'],
    ]);
  });

  it('names the sessions that ended by a digest, never their ids; a member’s in one word, a ban’s with none (all of them)', async () => {
    const published: LiveMessage[] = [];
    const writes = createWritePath(t.db, {
      reactions: [liveReaction({ db: t.db, bus: busWith(async (m) => void published.push(...m)), onError: () => {} })],
      onReactionError: () => {},
    });
    await writes.run(async (w) => {
      // As a password reset's deletes are told, one by one.
      w.record({ type: 'sessions.ended', memberId: 'm-reset', sessionId: 'session-one' });
      w.record({ type: 'sessions.ended', memberId: 'm-other', sessionId: 'session-other' });
      w.record({ type: 'sessions.ended', memberId: 'm-reset', sessionId: 'session-two' });
      w.record({ type: 'member.banned', memberId: 'm-banned' });
    });
    while (published.length < 3) await new Promise((r) => setImmediate(r));
    expect(published.map((m) => [m.name, m.audience, JSON.parse(m.data) as unknown])).toEqual([
      ['streams-end', 'member:m-reset', { sessions: [sessionMark('session-one'), sessionMark('session-two')] }],
      ['streams-end', 'member:m-other', { sessions: [sessionMark('session-other')] }],
      ['streams-end', 'member:m-banned', null],
    ]);
    for (const m of published) expect(m.data).not.toContain('session-');
    expect(endedSessionMarks(published[0]!.data)).toEqual(new Set([sessionMark('session-one'), sessionMark('session-two')]));
    expect(endedSessionMarks(published[2]!.data)).toBeNull();
  });
});
