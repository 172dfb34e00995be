import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Announcement } from '#shared/schemas/announcement.ts';
import type { CommentRevision, PublicComment } from '#shared/schemas/comment.ts';
import type { PostDetail } from '#shared/schemas/post.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  createAdmin,
  createComment,
  createPost,
  createTags,
  editComment,
  publishAnnouncement,
  reportComment,
} from '../../test/factories.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';

// A text's `#` heading sits one level under the heading it is shown beneath: a post's under
// the page's h1 title (h2), a comment's under the "Comments" h2 (h3), an announcement's under
// its own h3 title (h4). What is stored, and what the preview of each kind shows.
describe('heading levels of what is written', () => {
  let t: TestApp;
  let author: TestMember;
  let commenter: TestMember;
  let admin: TestMember;
  const markdown = '# Top\n\n## Next\n\n#### Deep';

  beforeAll(async () => {
    t = await buildTestApp();
    await createTags(t, 'typescript');
    author = await signUp(t.app, { name: 'Author' });
    commenter = await signUp(t.app, { name: 'Commenter' });
    admin = await createAdmin(t);
  });
  afterAll(() => t.close());

  const preview = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/markdown/preview', headers: author.headers, payload: { markdown, ...payload } });

  it('stores a post from h2, a comment from h3, and the preview of each says the same', async () => {
    const postId = await createPost(t.app, author, { description: markdown });
    const post = (await t.app.inject({ url: `/api/post-data/${postId}`, headers: author.headers })).json() as PostDetail;
    expect(post.descriptionHtml).toBe('<h2>Top</h2><h3>Next</h3><h5>Deep</h5>');

    const commentId = await createComment(t.app, commenter, postId, markdown);
    const [comment] = (await t.app.inject({ url: `/api/comment-pagination/${postId}` })).json() as PublicComment[];
    expect(comment?.commentHtml).toBe('<h3>Top</h3><h4>Next</h4><h6>Deep</h6>');

    // The version an edit replaces, and the copy a report keeps, are the comment's HTML too.
    await editComment(t.app, commenter, commentId, '# Edited');
    const [revision] = (
      await t.app.inject({ url: `/api/comment-data/${commentId}/revisions`, headers: author.headers })
    ).json() as CommentRevision[];
    expect(revision?.commentHtml).toBe(comment?.commentHtml);
    await reportComment(t.app, author, commentId);
    const [reported] = (
      await t.app.inject({ url: '/api/reported-comment-pagination?page=0&limit=50', headers: admin.headers })
    ).json() as Array<{ commentHtml: string }>;
    expect(reported?.commentHtml).toBe('<h3>Edited</h3>');

    expect((await preview({})).json()).toEqual({ html: post.descriptionHtml });
    expect((await preview({ kind: 'post' })).json()).toEqual({ html: post.descriptionHtml });
    expect((await preview({ kind: 'comment' })).json()).toEqual({ html: comment?.commentHtml });
  });

  it('stores an announcement from h4, when published and when edited, as its preview shows', async () => {
    const id = await publishAnnouncement(t.app, admin, { title: 'Maintenance', description: markdown });
    const stored = async () =>
      ((await t.app.inject({ url: '/api/announcement-data' })).json() as Announcement[]).find((a) => a._id === id)?.descriptionHtml;
    expect(await stored()).toBe('<h4>Top</h4><h5>Next</h5><h6>Deep</h6>');
    expect((await preview({ kind: 'announcement' })).json()).toEqual({ html: await stored() });

    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/announcement-data/${id}`,
      headers: admin.headers,
      payload: { description: '# Moved' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await stored()).toBe('<h4>Moved</h4>');
  });

  it('refuses a kind it does not know, with the error shape', async () => {
    const res = await preview({ kind: 'page' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
