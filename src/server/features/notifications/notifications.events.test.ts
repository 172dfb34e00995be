import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '#shared/schemas/notification.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createPost, createTags } from '../../test/factories.ts';
import { asViewer, signUp, type TestMember } from '../../test/sign-in.ts';
import type { DomainEvent, EventOf } from '../../write-path/events.ts';
import { reactionsFor } from '../../write-path/reactions.ts';
import { createWritePath, type WritePath } from '../../write-path/write-path.ts';
import { publishAnnouncement } from '../announcements/announcements.service.ts';
import { addComment } from '../comments/comments.service.ts';
import { readNotification } from './notifications.service.ts';

/**
 * What the notifications reaction records for what follows the commit (the member's live
 * stream, the mail): one `notification.created` per row written (or brought up to date) for one
 * member, as the member reads it, with their unread count after it and whether it is mailed.
 */
describe('notification events', () => {
  let t: TestApp;
  let writes: WritePath;
  let seen: DomainEvent[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
    await createTags(t, 'typescript');
    writes = createWritePath(t.db, {
      reactions: [
        ...reactionsFor({ database: t.database, readCache: null }),
        { name: 'capture', afterCommit: (events) => void seen.push(...events) },
      ],
      onReactionError: (_reaction, error) => {
        throw error;
      },
    });
  });
  afterAll(() => t.close());

  const created = () => seen.filter((e): e is EventOf<'notification.created'> => e.type === 'notification.created');
  const list = async (m: TestMember) => (await t.app.inject({ url: '/api/notifications', headers: m.headers })).json() as Notification[];

  it('records one event per member told, after the comment, with the unread count and the mail decision, also for a row brought up to date', async () => {
    const [ada, bob, cy] = await Promise.all(['Ada', 'Bob', 'Cy'].map((name) => signUp(t.app, { name })));
    const postId = await createPost(t.app, ada!, { title: 'Events' });
    seen = [];
    await addComment(writes, asViewer(bob!), { postId, comment: 'first' });
    expect(seen.map((e) => e.type)).toEqual(['comment.added', 'notification.created']);
    const [toAda] = created();
    expect(toAda).toMatchObject({ recipientId: ada!.id, unread: 1, email: true });
    expect(toAda!.notification).toEqual((await list(ada!))[0]);

    seen = [];
    await addComment(writes, asViewer(cy!), { postId, comment: 'second' });
    const byRecipient = Object.fromEntries(created().map((e) => [e.recipientId, e]));
    expect(Object.keys(byRecipient).sort()).toEqual([ada!.id, bob!.id].sort());
    // Ada's unread notification of this post was brought up to date (the same one, her count
    // unchanged), and she heard of this post by mail a moment ago; Bob's is new, and mailed.
    expect(byRecipient[ada!.id]).toMatchObject({
      unread: 1,
      email: false,
      notification: { _id: toAda!.notification._id, type: 'comment', text: 'second', actor: { name: 'Cy' } },
    });
    expect(byRecipient[ada!.id]!.notification).toEqual((await list(ada!))[0]);
    expect(byRecipient[bob!.id]).toMatchObject({ unread: 1, email: true, notification: { type: 'reply', actor: { name: 'Cy' } } });

    seen = [];
    await readNotification(writes, asViewer(ada!), byRecipient[ada!.id]!.notification._id);
    expect(seen).toEqual([
      { type: 'notification.read', memberId: ada!.id, notificationId: byRecipient[ada!.id]!.notification._id, unread: 0 },
    ]);

    // Read, it is not updated again: the next comment is a new notification.
    seen = [];
    await addComment(writes, asViewer(bob!), { postId, comment: 'third' });
    const [third] = created().filter((e) => e.recipientId === ada!.id);
    expect(third).toMatchObject({ unread: 1, email: false, notification: { text: 'third', read: false } });
    expect(third!.notification._id).not.toBe(toAda!.notification._id);
  });

  it('records no event per member for an announcement', async () => {
    const admin = await createAdmin(t);
    seen = [];
    await publishAnnouncement(writes, { ...asViewer(admin), role: 'Admin' }, { title: 'Hi', description: 'All' });
    expect(seen.map((e) => e.type)).toEqual(['announcement.published']);
  });
});
