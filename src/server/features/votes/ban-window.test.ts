import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import type { SessionViewer } from '../../plugins/auth.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createComment, createPost, createTags } from '../../test/factories.ts';
import { countRows } from '../../test/rows.ts';
import { asViewer, signUp, type TestMember } from '../../test/sign-in.ts';
import { addComment, editComment, removeComment } from '../comments/comments.service.ts';
import { findSandboxIntent, startGoldPayment } from '../membership/membership.service.ts';
import { createSandboxProvider, type PaymentProvider } from '../membership/payment-provider.ts';
import { editPost, removePost } from '../posts/posts.service.ts';
import { reportComment } from '../reports/reports.service.ts';
import { storeImage } from '../uploads/uploads.service.ts';
import { upsertOwnProfile } from '../users/users.service.ts';
import { castVote } from './votes.service.ts';

// A request reads its session before its write begins; a ban can commit in between. The write
// itself must see the ban (the post's own write is covered in posts/post-limit.test.ts).
describe('a comment or a vote whose session was read before a ban committed', () => {
  let t: TestApp;
  let postId: string;
  let member: TestMember;
  let viewer: SessionViewer;

  beforeAll(async () => {
    t = await buildTestApp();
    await createTags(t, 'go');
    const author = await signUp(t.app);
    postId = await createPost(t.app, author, { category: 'go' });
    member = await signUp(t.app);
    // What the request's session check saw: a member in good standing.
    viewer = { id: member.id, email: member.email, name: member.name, image: null, role: 'Client', membership: 'Bronze' };
    await t.db.updateTable('users').set({ banned_at: new Date().toISOString() }).where('id', '=', member.id).execute();
  });
  afterAll(() => t.close());

  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => 'stored',
      (e: unknown) => e,
    );

  it('refuses the comment with 403 BANNED and stores nothing', async () => {
    const refused = await refusal(addComment(t.writePath, viewer, { postId, comment: 'after the ban' }));
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 403, code: 'BANNED' });
    const theirs = await t.db.selectFrom('comments').select('id').where('author_id', '=', member.id).execute();
    expect(theirs).toHaveLength(0);
    const post = await t.db.selectFrom('posts').select('comment_count').where('id', '=', postId).executeTakeFirstOrThrow();
    expect(Number(post.comment_count)).toBe(0);
  });

  it('refuses the vote with 403 BANNED and counts nothing', async () => {
    const refused = await refusal(castVote(t.writePath, viewer, postId, 'up'));
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 403, code: 'BANNED' });
    const votes = await t.db.selectFrom('votes').select('post_id').where('user_id', '=', member.id).execute();
    expect(votes).toHaveLength(0);
    const post = await t.db.selectFrom('posts').select(['up_votes', 'down_votes']).where('id', '=', postId).executeTakeFirstOrThrow();
    expect([Number(post.up_votes), Number(post.down_votes)]).toEqual([0, 0]);
  });

  it('still takes the comment and the vote of a member who is not banned', async () => {
    const other = await signUp(t.app);
    const them = asViewer(other);
    await addComment(t.writePath, them, { postId, comment: 'fine' });
    expect(await castVote(t.writePath, them, postId, 'up')).toMatchObject({ upVote: 1, myVote: 'up' });
  });
});

// The same window for what a member does to what they already wrote, and for a report.
describe('an edit, a removal or a report whose session was read before a ban committed', () => {
  let t: TestApp;
  let member: TestMember;
  let viewer: SessionViewer;
  let ownPostId: string;
  let ownCommentId: string;
  let reportableId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    await createTags(t, 'go', 'rust');
    member = await signUp(t.app);
    ownPostId = await createPost(t.app, member, { title: 'Before the ban', category: 'go' });
    ownCommentId = await createComment(t.app, member, ownPostId, 'Written before the ban');
    reportableId = await createComment(t.app, await signUp(t.app), ownPostId, 'Reportable');
    viewer = { id: member.id, email: member.email, name: member.name, image: null, role: 'Client', membership: 'Bronze' };
    await t.db.updateTable('users').set({ banned_at: new Date().toISOString() }).where('id', '=', member.id).execute();
  });
  afterAll(() => t.close());

  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => 'stored',
      (e: unknown) => e,
    );

  it.each([
    ['editing the post', () => editPost(t.writePath, viewer, ownPostId, { title: 'Rewritten', category: 'rust' })],
    ['removing the post', () => removePost(t.writePath, viewer, ownPostId)],
    ['editing the comment', () => editComment(t.writePath, viewer, ownCommentId, { comment: 'Rewritten' })],
    ['removing the comment', () => removeComment(t.writePath, viewer, ownCommentId)],
    [
      'reporting a comment',
      () => reportComment(t.writePath, viewer, { commentId: reportableId, ReportedComment: 'Spam or promotional content' }),
    ],
  ])('refuses %s with 403 BANNED', async (_what, write) => {
    const refused = await refusal(write());
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 403, code: 'BANNED' });
  });

  it('leaves what they wrote as it was, with no revision and no report', async () => {
    const post = await t.db.selectFrom('posts').select(['title', 'category', 'edited_at']).where('id', '=', ownPostId).executeTakeFirst();
    expect(post).toEqual({ title: 'Before the ban', category: 'go', edited_at: null });
    const comment = await t.db.selectFrom('comments').select(['comment', 'edited_at']).where('id', '=', ownCommentId).executeTakeFirst();
    expect(comment).toEqual({ comment: 'Written before the ban', edited_at: null });
    expect(await countRows(t.db, 'post_revisions')).toBe(0);
    expect(await countRows(t.db, 'comment_revisions')).toBe(0);
    expect(await countRows(t.db, 'reports')).toBe(0);
  });
});

// And for what a member does to their own account: an image upload, a profile change, a payment.
describe('an upload, a profile change or a payment whose session was read before a ban committed', () => {
  let t: TestApp;
  let member: TestMember;
  let viewer: SessionViewer;
  let png: Buffer;
  const sandbox = createSandboxProvider({ secret: 'ban-window', lookup: async () => null });

  beforeAll(async () => {
    t = await buildTestApp();
    member = await signUp(t.app, { name: 'Before the ban' });
    viewer = { id: member.id, email: member.email, name: member.name, image: null, role: 'Client', membership: 'Bronze' };
    png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 80, b: 40 } } })
      .png()
      .toBuffer();
    await t.db.updateTable('users').set({ banned_at: new Date().toISOString() }).where('id', '=', member.id).execute();
  });
  afterAll(() => t.close());

  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => 'stored',
      (e: unknown) => e,
    );

  it.each([
    ['an image upload', () => storeImage(t.writePath, member.id, png)],
    ['a profile change', () => upsertOwnProfile(t.writePath, viewer, { name: 'After the ban', image: '/api/images/x' })],
    ['a profile change with nothing to change', () => upsertOwnProfile(t.writePath, viewer, {})],
    ['the start of a Gold payment', () => startGoldPayment(t.writePath, sandbox, viewer)],
  ])('refuses %s with 403 BANNED', async (_what, write) => {
    const refused = await refusal(write());
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 403, code: 'BANNED' });
  });

  it('refuses the profile change Better Auth makes (update-user) with 403 BANNED in the one error shape', async () => {
    // Better Auth reads the session itself; a ban committed after that read is stood for by the
    // account's mark alone, its sessions left as they were when the session was read.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: member.cookie },
      payload: { name: 'After the ban', image: '/api/images/x' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: expect.any(String), code: 'BANNED' });
  });

  it('stores no image, no payment and no change to the profile', async () => {
    expect(await countRows(t.db, 'images')).toBe(0);
    expect(await countRows(t.db, 'payments')).toBe(0);
    const row = await t.db.selectFrom('users').select(['name', 'image']).where('id', '=', member.id).executeTakeFirst();
    expect(row).toEqual({ name: 'Before the ban', image: null });
  });

  it('still takes the upload, the profile change and the payment of a member who is not banned', async () => {
    const other = await signUp(t.app, { name: 'In good standing' });
    const them = asViewer(other);
    await storeImage(t.writePath, other.id, png);
    await upsertOwnProfile(t.writePath, them, { name: 'Renamed' });
    await startGoldPayment(t.writePath, sandbox, them);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: other.headers,
      payload: { name: 'Renamed again' },
    });
    expect(res.statusCode).toBe(200);
    expect(await countRows(t.db, 'images')).toBe(1);
    expect(await countRows(t.db, 'payments')).toBe(1);
    const row = await t.db.selectFrom('users').select('name').where('id', '=', other.id).executeTakeFirst();
    expect(row).toEqual({ name: 'Renamed again' });
  });
});

// A second tab reuses the payment the first started (membership.service.ts): its client secret
// is not handed to a member banned since.
describe('a payment started before a ban and asked for again after it', () => {
  let t: TestApp;
  let sandbox: PaymentProvider;
  beforeAll(async () => {
    t = await buildTestApp();
    sandbox = createSandboxProvider({ secret: t.config.authSecret, lookup: (intentId) => findSandboxIntent(t.db, intentId) });
  });
  afterAll(() => t.close());

  it('refuses its client secret with 403 BANNED and records nothing more', async () => {
    const payer = await signUp(t.app, { name: 'Paying, then banned' });
    const viewer = asViewer(payer);
    const { clientSecret } = await startGoldPayment(t.writePath, sandbox, viewer);
    // Not banned yet: the second tab gets the same payment.
    expect(await startGoldPayment(t.writePath, sandbox, viewer)).toEqual({ clientSecret });
    await t.db.updateTable('users').set({ banned_at: new Date().toISOString() }).where('id', '=', payer.id).execute();
    const refused = await startGoldPayment(t.writePath, sandbox, viewer).then(
      () => 'answered',
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 403, code: 'BANNED' });
    expect(await countRows(t.db, 'payments')).toBe(1);
  });
});
