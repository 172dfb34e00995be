import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import type { SessionViewer } from '../../plugins/auth.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createComment, createPost, createTags } from '../../test/factories.ts';
import { listenForHttp, type HttpSend } from '../../test/http.ts';
import { untilWaiting } from '../../test/lock-wait.ts';
import { asViewer, signUp, type TestMember } from '../../test/sign-in.ts';
import { editAnnouncement, publishAnnouncement, removeAnnouncement } from '../announcements/announcements.service.ts';
import { editComment, removeComment } from '../comments/comments.service.ts';
import { editPost, removePost } from '../posts/posts.service.ts';
import { deleteReportedCommentsOf, dismissReport } from '../reports/reports.service.ts';
import { createTag, deleteTag, renameTag } from '../tags/tags.service.ts';

// Every write allowed only because its sender is an admin reads the role from the session, before
// the write begins; another admin can remove that role in between. As Make Admin and a ban do
// (admin.races.test.ts), the write itself must see the removal: tags, announcements, the report
// queue, and another member's post or comment. The owner's own changes are not an admin's and go on.
describe('an admin-only write sent by an admin whose role is removed meanwhile', () => {
  let t: TestApp;
  let send: HttpSend;
  beforeAll(async () => {
    t = await buildTestApp();
    send = await listenForHttp(t.app);
  });
  afterAll(() => t.close());

  /** What the admin's requests read as their session, before the removal. */
  const staleSession = (m: TestMember): SessionViewer => asViewer(m, { role: 'Admin' });
  const outcome = (p: Promise<unknown>) =>
    p.then(
      () => 'written',
      (e: unknown) => e,
    );
  const tables = ['tags', 'announcements', 'reports', 'comments', 'comment_revisions', 'posts', 'post_revisions'] as const;
  const everything = async () =>
    Object.fromEntries(await Promise.all(tables.map(async (n) => [n, await t.db.selectFrom(n).selectAll().orderBy('id').execute()])));

  /** A post by a member with another member's reported comment under it, and an announcement. */
  async function forum(round: string) {
    await createTags(t, `go${round}`, `spare${round}`);
    const [author, commenter] = [await signUp(t.app, { name: 'Author' }), await signUp(t.app, { name: 'Commenter' })];
    const postId = await createPost(t.app, author, { category: `go${round}` });
    const commentId = await createComment(t.app, commenter, postId, 'Buy now');
    const report = await send(author, 'POST', '/reported-comment', { commentId, ReportedComment: 'Spam or promotional content' });
    const [removed, remover] = [await createAdmin(t, 'Removed'), await createAdmin(t, 'Remover')];
    const announced = await send(remover, 'POST', '/announcement-data', { title: `News ${round}`, description: 'Plain' });
    const tagIds = Object.fromEntries((await t.db.selectFrom('tags').select(['id', 'tag']).execute()).map((r) => [r.tag, r.id]));
    return {
      author,
      commenter,
      postId,
      commentId,
      reportId: report.body.insertedId as string,
      announcementId: announced.body.insertedId as string,
      goId: tagIds[`go${round}`]!,
      spareId: tagIds[`spare${round}`]!,
      removed,
      remover,
    };
  }

  it('refuses each with 403 once the removal has committed, and writes nothing', async () => {
    const f = await forum('a');
    expect(await send(f.remover, 'DELETE', `/user/role/${f.removed.email}`)).toEqual({ status: 200, body: { modifiedCount: 1 } });
    const stale = staleSession(f.removed);
    const before = await everything();

    const w = t.writePath;
    const acts = {
      createTag: () => createTag(w, stale, 'zig'),
      renameTag: () => renameTag(w, stale, f.goId, 'golang'),
      deleteTag: () => deleteTag(w, stale, f.spareId, undefined),
      publishAnnouncement: () => publishAnnouncement(w, stale, { title: 'Stale news', description: 'Plain' }),
      editAnnouncement: () => editAnnouncement(w, stale, f.announcementId, { title: 'Edited' }),
      removeAnnouncement: () => removeAnnouncement(w, stale, f.announcementId),
      dismissReport: () => dismissReport(w, stale, f.reportId),
      editComment: () => editComment(w, stale, f.commentId, { comment: 'Edited' }),
      editPost: () => editPost(w, stale, f.postId, { title: 'Edited' }),
      removeComment: () => removeComment(w, stale, f.commentId),
      deleteReportedComments: () => deleteReportedCommentsOf(w, stale, f.commenter.email),
      removePost: () => removePost(w, stale, f.postId),
    };
    const refusals: Record<string, unknown> = {};
    for (const [name, act] of Object.entries(acts)) {
      const refused = await outcome(act());
      refusals[name] = refused instanceof AppError ? { status: refused.statusCode, code: refused.code, message: refused.message } : refused;
    }
    const refusal = { status: 403, code: 'FORBIDDEN', message: 'Only administrators can do that.' };
    expect(refusals).toEqual(Object.fromEntries(Object.keys(acts).map((name) => [name, refusal])));
    expect(await everything()).toEqual(before);
  });

  it('lets owners change their own posts and comments as before, a removed admin too', async () => {
    const f = await forum('b');
    expect(await send(f.author, 'PATCH', `/post-data/${f.postId}`, { title: 'Mine, edited' })).toEqual({
      status: 200,
      body: { modifiedCount: 1 },
    });
    expect(await send(f.commenter, 'PATCH', `/comment-data/${f.commentId}`, { comment: 'Sorry' })).toEqual({
      status: 200,
      body: { modifiedCount: 1 },
    });
    // Not an admin's write: the role read from the session is not what allows it.
    const ownPost = await createPost(t.app, f.removed, { category: 'gob' });
    const ownComment = await createComment(t.app, f.removed, ownPost);
    expect(await send(f.remover, 'DELETE', `/user/role/${f.removed.email}`)).toEqual({ status: 200, body: { modifiedCount: 1 } });
    const stale = staleSession(f.removed);
    expect(await editPost(t.writePath, stale, ownPost, { title: 'Still mine' })).toEqual({ modifiedCount: 1 });
    expect(await editComment(t.writePath, stale, ownComment, { comment: 'Still mine' })).toEqual({ modifiedCount: 1 });
    expect(await removeComment(t.writePath, stale, ownComment)).toEqual({ deletedCount: 1 });
    expect(await removePost(t.writePath, stale, ownPost)).toEqual({ deletedCount: 1 });
    expect(await send(f.commenter, 'DELETE', `/comment-data/${f.commentId}`)).toEqual({ status: 200, body: { deletedCount: 1 } });
  });

  it('sent at the same moment as the removal: each is written only if the admin still was one', async () => {
    const f = await forum('c');
    const [removal, tag, announcement, commentRemoval] = await Promise.all([
      send(f.remover, 'DELETE', `/user/role/${f.removed.email}`),
      send(f.removed, 'POST', '/tag-data', { tag: 'racing' }),
      send(f.removed, 'POST', '/announcement-data', { title: 'Racing news', description: 'Plain' }),
      send(f.removed, 'DELETE', `/comment-data/${f.commentId}`),
    ]);
    expect(removal).toEqual({ status: 200, body: { modifiedCount: 1 } });
    // Each either went first (written) or after (refused, 403 from the guard or the write).
    expect([tag.status, announcement.status, commentRemoval.status].every((s) => s === 200 || s === 403)).toBe(true);
    const rows = async (query: { execute(): Promise<unknown[]> }) => (await query.execute()).length;
    expect(await rows(t.db.selectFrom('tags').select('id').where('tag', '=', 'racing'))).toBe(tag.status === 200 ? 1 : 0);
    expect(await rows(t.db.selectFrom('announcements').select('id').where('title', '=', 'Racing news'))).toBe(
      announcement.status === 200 ? 1 : 0,
    );
    expect(await rows(t.db.selectFrom('comments').select('id').where('id', '=', f.commentId))).toBe(commentRemoval.status === 200 ? 0 : 1);
  });
});

// That the write waits for a removal under way, and then sees it, needs two connections at once:
// PostgreSQL's, not SQLite's one writer (where the removal and the write run one after the other).
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('an admin-only write meeting a removal under way on PostgreSQL', () => {
  let t: TestApp;
  let send: HttpSend;
  beforeAll(async () => {
    t = await buildTestApp();
    send = await listenForHttp(t.app);
    await createTags(t, 'go');
  });
  afterAll(() => t.close());

  /**
   * Another admin's removal of `admin`, held open as demoteAdmin holds it (the administrators'
   * rows, then the role) until `commit` is called.
   */
  async function removalUnderWay(admin: TestMember): Promise<{ commit(): void; done: Promise<void> }> {
    let commit: () => void = () => {};
    let held: () => void = () => {};
    const isHeld = new Promise<void>((resolve) => (held = resolve));
    const done = t.db.transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('id').where('role', '=', 'Admin').where('banned_at', 'is', null).forUpdate().execute();
      await trx.updateTable('users').set({ role: 'Client' }).where('id', '=', admin.id).execute();
      held();
      await new Promise<void>((resolve) => (commit = resolve));
    });
    await isHeld;
    return { commit: () => commit(), done };
  }

  it('a tag added, an announcement published and a comment removed wait for it, then are refused', async () => {
    const [admin, other] = [await createAdmin(t, 'Admin'), await createAdmin(t, 'Other')];
    const [author, commenter] = [await signUp(t.app), await signUp(t.app)];
    const commentId = await createComment(t.app, commenter, await createPost(t.app, author, { category: 'go' }));

    const removal = await removalUnderWay(admin);
    // The session still reads Admin (the removal is not committed): the guard lets them through.
    const sent = [
      send(admin, 'POST', '/tag-data', { tag: 'late' }),
      send(admin, 'POST', '/announcement-data', { title: 'Late news', description: 'Plain' }),
      send(admin, 'DELETE', `/comment-data/${commentId}`),
    ];
    await untilWaiting(t.db, sent.length);
    removal.commit();
    await removal.done;
    for (const answer of await Promise.all(sent)) {
      expect(answer).toEqual({
        status: 403,
        body: expect.objectContaining({ code: 'FORBIDDEN', message: 'Only administrators can do that.' }),
      });
    }
    expect(await t.db.selectFrom('tags').select('id').where('tag', '=', 'late').execute()).toEqual([]);
    expect(await t.db.selectFrom('announcements').select('id').where('title', '=', 'Late news').execute()).toEqual([]);
    expect(await t.db.selectFrom('comments').select('id').where('id', '=', commentId).execute()).toHaveLength(1);
    expect((await send(other, 'DELETE', `/comment-data/${commentId}`)).status).toBe(200);
  });
});
