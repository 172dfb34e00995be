import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteTotal } from '../counters/counters.service.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createComment, createPost, createTags } from '../../test/factories.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';

describe('a member’s own posts, deleting, comment details and reports', () => {
  let t: TestApp;
  let owner: TestMember;
  let other: TestMember;
  let admin: TestMember;
  let postId: string;
  let commentId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    await createTags(t, 'go');
    owner = await signUp(t.app, { name: 'Owner' });
    other = await signUp(t.app, { name: 'Other' });
    admin = await createAdmin(t);
    postId = await createPost(t.app, owner, { title: 'First', category: 'go' });
    await createPost(t.app, owner, { title: 'Second', category: 'go' });
    commentId = await createComment(t.app, other, postId, 'This comment is definitely longer than twenty characters');
  });
  afterAll(() => t.close());

  it('lists my posts newest first with counts, to me and to an admin only', async () => {
    const res = await t.app.inject({ url: `/api/my-post-pagination/${owner.email}?page=0&limit=10`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json().map((p: { title: string }) => p.title)).toEqual(['Second', 'First']);
    expect(res.json()[1]).toMatchObject({ commentCount: 1 });
    for (const url of [`/api/user/${owner.email}`, `/api/my-post/user/${owner.email}`]) {
      expect((await t.app.inject({ url, headers: owner.headers })).json()).toHaveLength(2);
      expect((await t.app.inject({ url, headers: admin.headers })).statusCode).toBe(200);
      expect((await t.app.inject({ url, headers: other.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ url: `/api/user-post-count/${owner.email}`, headers: owner.headers })).json()).toEqual({ count: 2 });
    expect((await t.app.inject({ url: `/api/user-post-count/${owner.email}`, headers: other.headers })).statusCode).toBe(403);
  });

  it('shows comment details with emails to the post owner and admins only', async () => {
    const res = await t.app.inject({ url: `/api/post-comment-data/${postId}`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        _id: commentId,
        comment: 'This comment is definitely longer than twenty characters',
        commenter_name: 'Other',
        commenter_email: other.email,
        commenter_photo: null,
        createdAt: expect.any(String),
        postId,
        authorId: other.id,
        commentHtml: '<p>This comment is definitely longer than twenty characters</p>',
        editedAt: null,
        post_owner_name: 'Owner',
        post_owner_email: owner.email,
        reported: false,
      },
    ]);
    expect((await t.app.inject({ url: `/api/post-comment-data/${postId}`, headers: admin.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/post-comment-data/${postId}`, headers: other.headers })).statusCode).toBe(403);
  });

  it('lets only the post owner report a comment, once, with one of the three feedback texts', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/reported-comment',
      headers: owner.headers,
      payload: { commentId, ReportedComment: 'I just dislike it' },
    });
    expect(bad.statusCode).toBe(400);
    const notMine = await t.app.inject({
      method: 'POST',
      url: '/api/reported-comment',
      headers: other.headers,
      payload: { commentId, ReportedComment: 'Spam or promotional content' },
    });
    expect(notMine.statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/reported-comment',
      headers: owner.headers,
      payload: { commentId: 'nope', ReportedComment: 'Spam or promotional content' },
    });
    expect(missing.statusCode).toBe(404);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/reported-comment',
      headers: owner.headers,
      payload: { commentId, ReportedComment: 'Spam or promotional content' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ insertedId: expect.any(String) });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/reported-comment',
      headers: owner.headers,
      payload: { commentId, ReportedComment: 'Off-topic or irrelevant' },
    });
    expect(again.statusCode).toBe(409);
    const details = (await t.app.inject({ url: `/api/post-comment-data/${postId}`, headers: owner.headers })).json();
    expect(details[0]).toMatchObject({ reported: true });
  });

  it('refuses the post owner a report of their own comment (403), writing nothing', async () => {
    const own = await createComment(t.app, owner, postId, 'A note the owner left under their own post');
    const reportsBefore = await siteTotal(t.db, 'reports');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reported-comment',
      headers: owner.headers,
      payload: { commentId: own, ReportedComment: 'Spam or promotional content' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'FORBIDDEN', message: 'You cannot report your own comment.' });
    expect(await t.db.selectFrom('reports').select('id').where('comment_id', '=', own).execute()).toEqual([]);
    expect(await siteTotal(t.db, 'reports')).toBe(reportsBefore);
    const details = (await t.app.inject({ url: `/api/post-comment-data/${postId}`, headers: owner.headers })).json();
    expect(details.find((c: { _id: string }) => c._id === own)).toMatchObject({ reported: false });
  });

  it('lets neither another member nor a visitor delete my post; the owner deletes it with its comments, votes and reports', async () => {
    await t.app.inject({ method: 'PATCH', url: `/api/post-data/upVote/${postId}`, headers: other.headers });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/post-delete/${postId}`, headers: other.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/post-delete/${postId}` })).statusCode).toBe(401);

    const res = await t.app.inject({ method: 'DELETE', url: `/api/post-delete/${postId}`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    for (const table of ['comments', 'votes'] as const) {
      expect(await t.db.selectFrom(table).select('post_id').where('post_id', '=', postId).execute()).toEqual([]);
    }
    expect(await t.db.selectFrom('reports').select('id').where('comment_id', '=', commentId).execute()).toEqual([]);
    const totals = await Promise.all((['posts', 'comments', 'reports'] as const).map((name) => siteTotal(t.db, name)));
    expect(totals).toEqual([1, 0, 0]);
    expect((await t.app.inject({ url: `/api/user-post-count/${owner.email}`, headers: owner.headers })).json()).toEqual({ count: 1 });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/post-delete/${postId}`, headers: owner.headers })).statusCode).toBe(404);
  });

  it('lets an admin delete anyone’s post', async () => {
    const id = await createPost(t.app, other, { category: 'go' });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/post-delete/${id}`, headers: admin.headers });
    expect(res.json()).toEqual({ deletedCount: 1 });
  });
});
