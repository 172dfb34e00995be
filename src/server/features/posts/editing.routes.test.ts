import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostDetail, PostRevision } from '#shared/schemas/post.ts';
import type { CommentRevision, PublicComment } from '#shared/schemas/comment.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createComment, createPost, createTags } from '../../test/factories.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';

// Markdown stored as HTML when written, the preview, and honest editing: the author or an
// admin edits, the version before is kept, and a refused request changes nothing.
describe('writing in Markdown and editing with history', () => {
  let t: TestApp;
  let author: TestMember;
  let other: TestMember;
  let admin: TestMember;

  beforeAll(async () => {
    t = await buildTestApp();
    await createTags(t, 'typescript', 'rust');
    author = await signUp(t.app, { name: 'Author' });
    other = await signUp(t.app, { name: 'Other' });
    admin = await createAdmin(t, 'Ada Admin');
  });
  afterAll(() => t.close());

  const detail = async (id: string) => (await t.app.inject({ url: `/api/post-data/${id}`, headers: author.headers })).json() as PostDetail;
  const patchPost = (m: TestMember | null, id: string, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: `/api/post-data/${id}`, headers: m?.headers ?? {}, payload: payload as object });
  const rowsOf = async (table: 'post_revisions' | 'comment_revisions') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores the rendered HTML and the excerpt when a post is written, and reads never render', async () => {
    const id = await createPost(t.app, author, {
      title: 'Typed hooks',
      description: '# Why\n\n```ts\nconst n: number = 1;\n```\n\n[bad](javascript:alert(1)) <img src=x onerror=alert(1)>',
      category: 'typescript',
    });
    const post = await detail(id);
    expect(post.descriptionHtml).toContain('<h2>Why</h2>');
    expect(post.descriptionHtml).toContain('<pre><code class="hljs language-ts"><span class="hljs-keyword">const</span>');
    expect(post.descriptionHtml).not.toMatch(/<img|href="javascript/);
    expect(post.excerpt).toBe('Why const n: number = 1; [bad](javascript:alert(1)) <img src=x onerror=alert(1)>');
    expect(post.editedAt).toBeNull();
    expect(post.authorId).toBe(author.id);
    // What is stored is what is answered: a change to the stored HTML shows as it is.
    await t.db.updateTable('posts').set({ description_html: '<p>stored</p>' }).where('id', '=', id).execute();
    expect((await detail(id)).descriptionHtml).toBe('<p>stored</p>');
  });

  it('previews Markdown with the same renderer, for members only', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/markdown/preview',
      headers: author.headers,
      payload: { markdown: '**hi**' },
    });
    expect(ok.json()).toEqual({ html: '<p><strong>hi</strong></p>' });
    expect((await t.app.inject({ method: 'POST', url: '/api/markdown/preview', payload: { markdown: 'x' } })).statusCode).toBe(401);
    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/api/markdown/preview',
      headers: author.headers,
      payload: { markdown: 'x'.repeat(20_001) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/markdown/preview',
      headers: { ...author.headers, 'content-type': 'application/json' },
      payload: '{"markdown":',
    });
    expect(malformed.statusCode).toBe(400);
    for (const markdown of ['', ' \n\t', '\u200b']) {
      const blank = await t.app.inject({ method: 'POST', url: '/api/markdown/preview', headers: author.headers, payload: { markdown } });
      expect(blank.statusCode, JSON.stringify(markdown)).toBe(400);
      expect(blank.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('stores what the preview showed: text indented on its first line stays a code block', async () => {
    const markdown = '\n    const x = 1;\n    const y = 2;\n\n';
    const preview = (
      await t.app.inject({ method: 'POST', url: '/api/markdown/preview', headers: author.headers, payload: { markdown } })
    ).json() as { html: string };
    expect(preview.html).toBe('<pre><code>const x = 1;\nconst y = 2;\n</code></pre>');
    const postId = await createPost(t.app, author, { title: 'Indented', description: markdown, category: 'typescript' });
    const post = await detail(postId);
    expect([post.description, post.descriptionHtml]).toEqual(['    const x = 1;\n    const y = 2;', preview.html]);
    await createComment(t.app, other, postId, markdown);
    const [comment] = (await t.app.inject({ url: `/api/comment-pagination/${postId}` })).json() as PublicComment[];
    expect([comment?.comment, comment?.commentHtml]).toEqual(['    const x = 1;\n    const y = 2;', preview.html]);
  });

  it('lets the author edit a post, keeps the version before, and stores nothing for no change', async () => {
    const id = await createPost(t.app, author, { title: 'First title', description: 'First *text*', category: 'typescript' });
    const edited = await patchPost(author, id, { title: 'Second title', description: 'Second **text**', category: 'rust' });
    expect(edited.json()).toEqual({ modifiedCount: 1 });
    const post = await detail(id);
    expect(post).toMatchObject({ title: 'Second title', category: 'rust', descriptionHtml: '<p>Second <strong>text</strong></p>' });
    expect(post.excerpt).toBe('Second text');
    expect(post.editedAt).toEqual(expect.stringMatching(/^\d{4}-/));

    const before = await rowsOf('post_revisions');
    expect((await patchPost(author, id, { title: 'Second title' })).json()).toEqual({ modifiedCount: 0 });
    expect(await rowsOf('post_revisions')).toBe(before);

    expect((await patchPost(admin, id, { description: 'Third' })).json()).toEqual({ modifiedCount: 1 });
    const history = await t.app.inject({ url: `/api/post-data/${id}/revisions?page=0&limit=10`, headers: other.headers });
    expect(history.headers['x-total-count']).toBe('2');
    const revisions = history.json() as PostRevision[];
    expect(revisions.map((r) => [r.title, r.description, r.category, r.editor.name])).toEqual([
      ['Second title', 'Second **text**', 'rust', 'Ada Admin'],
      ['First title', 'First *text*', 'typescript', 'Author'],
    ]);
    expect(revisions[1]!.descriptionHtml).toBe('<p>First <em>text</em></p>');
    // The tag counts followed the move from typescript to rust.
    const tags = await t.db.selectFrom('tags').select(['tag', 'post_count']).where('tag', 'in', ['typescript', 'rust']).execute();
    const counted = await t.db.selectFrom('posts').select('category').execute();
    for (const tag of tags) expect(Number(tag.post_count), tag.tag).toBe(counted.filter((p) => p.category === tag.tag).length);
  });

  it('refuses edits by others, of unknown posts and with bad input, changing nothing', async () => {
    const id = await createPost(t.app, author, { title: 'Stays', description: 'Stays too', category: 'typescript' });
    const revisions = await rowsOf('post_revisions');
    const cases: Array<[TestMember | null, string, unknown, number]> = [
      [null, id, { title: 'x' }, 401],
      [other, id, { title: 'x' }, 403],
      [author, 'no-such-post', { title: 'x' }, 404],
      [author, id, { category: 'cobol' }, 400],
      [author, id, {}, 400],
      [author, id, { title: '' }, 400],
      [author, id, { title: 'x'.repeat(151) }, 400],
      [author, id, { title: 42 }, 400],
      [author, id, { description: 'x'.repeat(20_001) }, 400],
    ];
    for (const [member, target, payload, status] of cases) {
      const res = await patchPost(member, target, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json()).toHaveProperty('code');
    }
    expect(await detail(id)).toMatchObject({ title: 'Stays', description: 'Stays too', editedAt: null });
    expect(await rowsOf('post_revisions')).toBe(revisions);
    expect((await t.app.inject({ url: `/api/post-data/${id}/revisions` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/post-data/no-such-post/revisions', headers: author.headers })).statusCode).toBe(404);
  });

  it('lets the commenter edit and delete a comment (an admin too), its reports going with it', async () => {
    const postId = await createPost(t.app, author, { title: 'Discussed', category: 'typescript' });
    const commentId = await createComment(t.app, other, postId, 'Plain `code` here');
    const list = async () => (await t.app.inject({ url: `/api/comment-pagination/${postId}` })).json() as PublicComment[];
    expect((await list())[0]).toMatchObject({
      _id: commentId,
      authorId: other.id,
      commentHtml: '<p>Plain <code>code</code> here</p>',
      editedAt: null,
    });

    const patch = (m: TestMember, payload: unknown) =>
      t.app.inject({ method: 'PATCH', url: `/api/comment-data/${commentId}`, headers: m.headers, payload: payload as object });
    expect((await patch(author, { comment: 'The post author may not' })).statusCode).toBe(403);
    expect((await patch(other, { comment: '' })).statusCode).toBe(400);
    expect((await patch(other, { comment: 'x'.repeat(5_001) })).statusCode).toBe(400);
    expect((await patch(other, { comment: 'Plain `code` here' })).json()).toEqual({ modifiedCount: 0 });
    expect((await patch(other, { comment: 'Now *edited*' })).json()).toEqual({ modifiedCount: 1 });
    expect((await list())[0]).toMatchObject({
      comment: 'Now *edited*',
      commentHtml: '<p>Now <em>edited</em></p>',
      editedAt: expect.any(String),
    });
    const history = (
      await t.app.inject({ url: `/api/comment-data/${commentId}/revisions`, headers: author.headers })
    ).json() as CommentRevision[];
    expect(history.map((r) => [r.comment, r.commentHtml, r.editor.name])).toEqual([
      ['Plain `code` here', '<p>Plain <code>code</code> here</p>', 'Other'],
    ]);

    const report = await t.app.inject({
      method: 'POST',
      url: '/api/reported-comment',
      headers: author.headers,
      payload: { commentId, ReportedComment: 'Off-topic or irrelevant' },
    });
    expect(report.statusCode).toBe(200);
    const del = (m: TestMember, id = commentId) => t.app.inject({ method: 'DELETE', url: `/api/comment-data/${id}`, headers: m.headers });
    expect((await del(author)).statusCode).toBe(403);
    expect((await del(admin, 'no-such-comment')).statusCode).toBe(404);
    expect((await del(admin)).json()).toEqual({ deletedCount: 1 });
    expect(await list()).toEqual([]);
    expect((await detail(postId)).commentCount).toBe(0);
    expect(await t.db.selectFrom('reports').select('id').where('comment_id', '=', commentId).execute()).toEqual([]);
    expect((await t.app.inject({ url: '/api/reported-comment-count/', headers: admin.headers })).json()).toEqual({ count: 0 });
    expect((await t.app.inject({ url: `/api/comment-data/${commentId}/revisions`, headers: author.headers })).statusCode).toBe(404);
  });

  it('refuses a post, a comment or an edit whose Markdown shows nothing once rendered, as it refuses an empty one', async () => {
    const writer = await signUp(t.app, { name: 'Blank Writer' });
    const postId = await createPost(t.app, writer, { title: 'Kept', description: 'Kept words', category: 'typescript' });
    const commentId = await createComment(t.app, other, postId, 'Kept comment');
    const revisions = [await rowsOf('post_revisions'), await rowsOf('comment_revisions')];
    const send = (method: 'POST' | 'PATCH', url: string, m: TestMember, payload: object) =>
      t.app.inject({ method, url, headers: m.headers, payload });
    for (const blank of ['&#8203;', '&shy;', '&#x2800;', '&nbsp; &#8205;', '[x]: /y', '[](https://example.com)', '```\n \n```']) {
      const refusals = [
        [
          'Description is required',
          await send('POST', '/api/post-data', writer, { title: 'T', description: blank, category: 'typescript' }),
        ],
        ['Description is required', await patchPost(writer, postId, { description: blank })],
        ['Comment is required', await send('POST', '/api/comment-data', other, { postId, comment: blank })],
        ['Comment is required', await send('PATCH', `/api/comment-data/${commentId}`, other, { comment: blank })],
      ] as const;
      for (const [message, res] of refusals) {
        expect([res.statusCode, res.json()], JSON.stringify(blank)).toMatchObject([400, { code: 'VALIDATION_FAILED', message }]);
      }
    }
    // Text beside them, or an image alone, shows.
    expect((await patchPost(writer, postId, { description: '&#8203;Words' })).json()).toEqual({ modifiedCount: 1 });
    const image = await send('PATCH', `/api/comment-data/${commentId}`, other, { comment: '![](https://img.test/a.png)' });
    expect(image.json()).toEqual({ modifiedCount: 1 });
    expect(await rowsOf('post_revisions')).toBe(revisions[0]! + 1);
    expect(await rowsOf('comment_revisions')).toBe(revisions[1]! + 1);
    expect((await detail(postId)).commentCount).toBe(1);
    expect(
      (await t.app.inject({ url: `/api/user-post-count/${encodeURIComponent(writer.email)}`, headers: writer.headers })).json(),
    ).toEqual({
      count: 1,
    });
  });

  it('never counts an edit against the post limit', async () => {
    const bronze = await signUp(t.app, { name: 'Bronze' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await createPost(t.app, bronze, { title: `Post ${i}`, category: 'rust' }));
    expect((await patchPost(bronze, ids[0]!, { title: 'Edited at the limit' })).json()).toEqual({ modifiedCount: 1 });
  });
});
