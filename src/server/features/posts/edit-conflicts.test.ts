import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicComment } from '#shared/schemas/comment.ts';
import type { PostDetail } from '#shared/schemas/post.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createComment, createPost, createTags, makeGold } from '../../test/factories.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';

// An edit says which version it was made from (baseEditedAt, the editedAt the editor loaded):
// made from an older one it is refused with 409 and writes nothing, so a stale editor (another
// tab, an admin's edit meanwhile) cannot silently put the older text back. Without it, as before.
describe('an edit made from an older version', () => {
  let t: TestApp;
  let author: TestMember;
  let admin: TestMember;

  beforeAll(async () => {
    t = await buildTestApp();
    await createTags(t, 'go', 'rust');
    author = await signUp(t.app, { name: 'Author' });
    await makeGold(t.db, author.id); // six posts here
    admin = await createAdmin(t, 'Ada');
  });
  afterAll(() => t.close());

  const post = async (id: string) => (await t.app.inject({ url: `/api/post-data/${id}`, headers: author.headers })).json<PostDetail>();
  const patchPost = (m: TestMember, id: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/post-data/${id}`, headers: m.headers, payload });
  const comment = async (postId: string, id: string) =>
    (await t.app.inject({ url: `/api/comment-pagination/${postId}` })).json<PublicComment[]>().find((c) => c._id === id)!;
  const patchComment = (m: TestMember, id: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/comment-data/${id}`, headers: m.headers, payload });
  const revisionsOf = async (table: 'post_revisions' | 'comment_revisions', column: 'post_id' | 'comment_id', id: string) =>
    (await t.db.selectFrom(table).select('id').where(column, '=', id).execute()).length;

  it('refuses a post edit made from a version edited since, writing nothing', async () => {
    const id = await createPost(t.app, author, { title: 'First', description: 'One', category: 'go' });
    // Both open the editor on the never-edited post; the admin saves first.
    expect((await patchPost(admin, id, { title: 'By the admin', baseEditedAt: null })).json()).toEqual({ modifiedCount: 1 });
    const current = await post(id);
    expect(current.editedAt).not.toBeNull();

    const stale = await patchPost(author, id, { title: 'First', description: 'Mine', category: 'rust', baseEditedAt: null });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: 'This post was edited since you opened it.', code: 'CONFLICT' });
    // An edit started from an earlier edit is as stale as one started from the original.
    const older = new Date(Date.parse(current.editedAt!) - 60_000).toISOString();
    expect((await patchPost(author, id, { description: 'Mine', baseEditedAt: older })).statusCode).toBe(409);
    expect(await post(id)).toMatchObject({ title: 'By the admin', description: 'One', category: 'go', editedAt: current.editedAt });
    expect(await revisionsOf('post_revisions', 'post_id', id)).toBe(1);
    // The tag count did not move either.
    const goCount = await t.db.selectFrom('tags').select('post_count').where('tag', '=', 'go').executeTakeFirstOrThrow();
    expect(Number(goCount.post_count)).toBe(
      await t.db
        .selectFrom('posts')
        .select('id')
        .where('category', '=', 'go')
        .execute()
        .then((r) => r.length),
    );

    // From the current version (any spelling of its time) the edit goes through.
    const sameInstant = current.editedAt!.replace('Z', '+00:00');
    expect((await patchPost(author, id, { description: 'Mine', baseEditedAt: sameInstant })).json()).toEqual({ modifiedCount: 1 });
    const after = await post(id);
    expect(after).toMatchObject({ title: 'By the admin', description: 'Mine' });
    expect(Date.parse(after.editedAt!)).toBeGreaterThan(Date.parse(current.editedAt!));
    expect(await revisionsOf('post_revisions', 'post_id', id)).toBe(2);
  });

  it('of two post edits from the same version sent at once, one is saved and the other refused', async () => {
    const id = await createPost(t.app, author, { title: 'Raced', description: 'Original', category: 'go' });
    const answers = await Promise.all([
      patchPost(author, id, { description: 'From the first tab', baseEditedAt: null }),
      patchPost(admin, id, { description: 'From the admin', baseEditedAt: null }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.findIndex((a) => a.statusCode === 200);
    expect((await post(id)).description).toBe(winner === 0 ? 'From the first tab' : 'From the admin');
    expect(await revisionsOf('post_revisions', 'post_id', id)).toBe(1);
  });

  it('edits a post as before when the edit does not say its version', async () => {
    const id = await createPost(t.app, author, { title: 'Plain', category: 'go' });
    expect((await patchPost(admin, id, { title: 'Edited by the admin' })).json()).toEqual({ modifiedCount: 1 });
    expect((await patchPost(author, id, { title: 'Edited over it' })).json()).toEqual({ modifiedCount: 1 });
    expect((await post(id)).title).toBe('Edited over it');
    for (const baseEditedAt of ['yesterday', 42, '2026-01-01']) {
      const bad = await patchPost(author, id, { title: 'Bad base', baseEditedAt });
      expect(bad.statusCode, String(baseEditedAt)).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    // The version alone is not an edit.
    expect((await patchPost(author, id, { baseEditedAt: null })).statusCode).toBe(400);
    expect((await post(id)).title).toBe('Edited over it');
  });

  it('gives every edit a later time than the version it replaces, so no two versions share one', async () => {
    const id = await createPost(t.app, author, { title: 'Timed', category: 'go' });
    // A version timed ahead of this clock (another server's, or an edit in this millisecond).
    const ahead = new Date(Date.now() + 60_000).toISOString();
    await t.db.updateTable('posts').set({ edited_at: ahead }).where('id', '=', id).execute();
    expect((await patchPost(author, id, { title: 'Timed again', baseEditedAt: ahead })).json()).toEqual({ modifiedCount: 1 });
    const next = (await post(id)).editedAt!;
    expect(Date.parse(next)).toBe(Date.parse(ahead) + 1);
    expect((await patchPost(admin, id, { title: 'Stale', baseEditedAt: ahead })).statusCode).toBe(409);
  });

  it('refuses a comment edit made from a version edited since, and lets one from the current version through', async () => {
    const postId = await createPost(t.app, author, { title: 'Discussed', category: 'go' });
    const id = await createComment(t.app, author, postId, 'First words');
    expect((await patchComment(admin, id, { comment: 'Moderated', baseEditedAt: null })).json()).toEqual({ modifiedCount: 1 });
    const current = await comment(postId, id);

    const stale = await patchComment(author, id, { comment: 'First words, improved', baseEditedAt: null });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: 'This comment was edited since you opened it.', code: 'CONFLICT' });
    expect(await comment(postId, id)).toMatchObject({ comment: 'Moderated', editedAt: current.editedAt });
    expect(await revisionsOf('comment_revisions', 'comment_id', id)).toBe(1);

    const fresh = await patchComment(author, id, { comment: 'Agreed', baseEditedAt: current.editedAt });
    expect(fresh.json()).toEqual({ modifiedCount: 1 });
    expect((await comment(postId, id)).comment).toBe('Agreed');
    // Without the version, as before: saved over whatever is there.
    expect((await patchComment(admin, id, { comment: 'Over it' })).json()).toEqual({ modifiedCount: 1 });
    expect(await revisionsOf('comment_revisions', 'comment_id', id)).toBe(3);
  });

  it('of two comment edits from the same version sent at once, one is saved and the other refused', async () => {
    const postId = await createPost(t.app, author, { title: 'Raced comments', category: 'go' });
    const id = await createComment(t.app, author, postId, 'Original');
    const answers = await Promise.all([
      patchComment(author, id, { comment: 'From one tab', baseEditedAt: null }),
      patchComment(author, id, { comment: 'From the other tab', baseEditedAt: null }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.findIndex((a) => a.statusCode === 200);
    expect((await comment(postId, id)).comment).toBe(winner === 0 ? 'From one tab' : 'From the other tab');
    expect(await revisionsOf('comment_revisions', 'comment_id', id)).toBe(1);
  });
});
