import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createComment, createPost, createTags } from '../../test/factories.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';

describe('the reported-comment queue', () => {
  let t: TestApp;
  let admin: TestMember;
  let owner: TestMember;
  let commenter: TestMember;
  let postId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    await createTags(t, 'go');
    admin = await createAdmin(t, 'Ada');
    owner = await signUp(t.app, { name: 'Owner' });
    commenter = await signUp(t.app, { name: 'Commenter' });
    postId = await createPost(t.app, owner, { category: 'go' });
  });
  afterAll(() => t.close());

  /** A comment by the commenter on the owner's post, reported by the owner; answers both ids. */
  async function reportedComment(text: string): Promise<{ commentId: string; reportId: string }> {
    const commentId = await createComment(t.app, commenter, postId, text);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reported-comment',
      headers: owner.headers,
      payload: { commentId, ReportedComment: 'Spam or promotional content' },
    });
    expect(res.statusCode).toBe(200);
    return { commentId, reportId: (res.json() as { insertedId: string }).insertedId };
  }

  const reportCount = async () =>
    ((await t.app.inject({ url: '/api/reported-comment-count', headers: admin.headers })).json() as { count: number }).count;
  const queue = async () => {
    const res = await t.app.inject({ url: '/api/reported-comment-pagination?page=0&limit=50', headers: admin.headers });
    return { total: Number(res.headers['x-total-count']), rows: res.json() as Array<{ _id: string; commentId: string }> };
  };
  const dismiss = (id: string, member?: TestMember) =>
    t.app.inject({ method: 'DELETE', url: `/api/reported-comment/${id}`, headers: member?.headers });
  const commentIdsOnPost = async () =>
    ((await t.app.inject({ url: `/api/comment-pagination/${postId}` })).json() as Array<{ _id: string }>).map((c) => c._id);

  it('lists who reported each comment and when', async () => {
    const before = Date.now();
    const { reportId } = await reportedComment('a reported comment');
    const row = (await queue()).rows.find((r) => r._id === reportId);
    expect(row).toMatchObject({ reporter: { name: 'Owner' }, reportedAt: expect.any(String) });
    const reportedAt = Date.parse((row as unknown as { reportedAt: string }).reportedAt);
    expect(reportedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(reportedAt).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('names the commenter by member id, as every comment in an answer does', async () => {
    const { reportId } = await reportedComment('a comment whose writer links to their profile');
    const row = (await queue()).rows.find((r) => r._id === reportId);
    expect(row).toMatchObject({ authorId: commenter.id, commenter_name: 'Commenter' });
    const profile = await t.app.inject({ url: `/api/members/${commenter.id}` });
    expect(profile.json()).toMatchObject({ _id: commenter.id, name: 'Commenter' });
  });

  it('shows the comment as it was reported, whatever its writer edits it to afterwards', async () => {
    const { commentId, reportId } = await reportedComment('buy **cheap pills** at spam.example');
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/comment-data/${commentId}`,
      headers: commenter.headers,
      payload: { comment: 'Nice post!' },
    });
    expect(edit.json()).toEqual({ modifiedCount: 1 });
    const row = (await queue()).rows.find((r) => r._id === reportId) as unknown as { comment: string; commentHtml: string };
    expect(row.comment).toBe('buy **cheap pills** at spam.example');
    // Its rendered form too (API.md "Markdown"), of the text as it was reported.
    expect(row.commentHtml).toBe('<p>buy <strong>cheap pills</strong> at spam.example</p>');
    const full = await t.app.inject({ url: '/api/reported-comment?limit=100', headers: admin.headers });
    expect((full.json() as Array<{ _id: string; comment: string }>).find((r) => r._id === reportId)?.comment).toBe(
      'buy **cheap pills** at spam.example',
    );
  });

  it('dismisses one report: the report goes, the comment and the other reports stay, the counts go down', async () => {
    const dismissed = await reportedComment('dismiss my report');
    const other = await reportedComment('keep my report');
    const countBefore = await reportCount();
    const queueBefore = await queue();
    expect(queueBefore.total).toBe(countBefore);

    const res = await dismiss(dismissed.reportId, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });

    expect(await reportCount()).toBe(countBefore - 1);
    const after = await queue();
    expect(after.total).toBe(countBefore - 1);
    expect(after.rows.map((r) => r._id)).not.toContain(dismissed.reportId);
    expect(after.rows.map((r) => r._id)).toContain(other.reportId);
    // The comment stays on its post, and its comment count with it.
    expect(await commentIdsOnPost()).toContain(dismissed.commentId);

    // Dismissed once: a second time there is no such report.
    const again = await dismiss(dismissed.reportId, admin);
    expect(again.statusCode).toBe(404);
    expect(await reportCount()).toBe(countBefore - 1);
  });

  it('refuses a visitor (401), a Client (403), an unknown id (404) and a bad id (400), changing nothing', async () => {
    const { reportId, commentId } = await reportedComment('refused dismissals');
    const countBefore = await reportCount();
    const refusals: Array<[string, TestMember | undefined, number, string]> = [
      [reportId, undefined, 401, 'UNAUTHENTICATED'],
      [reportId, owner, 403, 'FORBIDDEN'],
      [reportId, commenter, 403, 'FORBIDDEN'],
      ['no-such-report', admin, 404, 'NOT_FOUND'],
      ['x'.repeat(65), admin, 400, 'VALIDATION_FAILED'],
    ];
    for (const [id, member, status, code] of refusals) {
      const res = await dismiss(id, member);
      expect(res.statusCode, `${status} ${code}`).toBe(status);
      expect(res.json()).toMatchObject({ code, message: expect.any(String) });
      if (status === 404) expect(res.json()).toMatchObject({ message: 'No such report.' });
    }
    expect(await reportCount()).toBe(countBefore);
    expect((await queue()).rows.map((r) => r._id)).toContain(reportId);
    expect(await commentIdsOnPost()).toContain(commentId);
  });

  it('files a comment reported several times at once once, and one removed meanwhile not at all (404)', async () => {
    const report = (commentId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/reported-comment',
        headers: owner.headers,
        payload: { commentId, ReportedComment: 'Abusive or disrespectful language' },
      });
    for (let round = 0; round < 4; round += 1) {
      const twice = await createComment(t.app, commenter, postId, `reported at once ${round}`);
      const answers = await Promise.all([report(twice), report(twice), report(twice)]);
      expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join(' ')).toEqual([200, 409, 409]);

      const going = await createComment(t.app, commenter, postId, `removed as reported ${round}`);
      const [removed, ...reported] = await Promise.all([
        t.app.inject({ method: 'DELETE', url: `/api/comment-data/${going}`, headers: commenter.headers }),
        report(going),
        report(going),
      ]);
      expect(removed.statusCode).toBe(200);
      // Filed before the removal (which takes the report with it) or refused after it.
      for (const r of reported) expect([200, 404, 409], r.body).toContain(r.statusCode);
      const left = await t.db.selectFrom('reports').select('id').where('comment_id', 'in', [twice, going]).execute();
      expect(left).toHaveLength(1);
    }
  });
});
