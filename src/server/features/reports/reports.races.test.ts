import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createComment, createPost, createTags, makeGold } from '../../test/factories.ts';
import { countRows } from '../../test/rows.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';

// A report and a removal of what it is about, sent at once. On PostgreSQL they run in
// transactions of their own side by side; on SQLite one after the other.
const ROUNDS = 8;

describe('a reported comment changed by several requests at once', () => {
  let t: TestApp;
  let admin: TestMember;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createAdmin(t);
    await createTags(t, 'go');
  });
  afterAll(() => t.close());

  const report = (owner: TestMember, commentId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/reported-comment',
      headers: owner.headers,
      payload: { commentId, ReportedComment: 'Spam or promotional content' },
    });

  /** The queue's count (the admin's badge and its pages' total) is the number of reports there are. */
  async function expectReportsCounted(step: string) {
    const res = await t.app.inject({ url: '/api/reported-comment-count/', headers: admin.headers });
    expect(res.json<{ count: number }>().count, step).toBe(await countRows(t.db, 'reports'));
  }

  /** A post's owner (Gold: a post each round) and a member who comments on the owner's posts. */
  async function members() {
    const owner = await signUp(t.app);
    await makeGold(t.db, owner.id);
    return { owner, commenter: await signUp(t.app) };
  }

  /** A new post of the owner's, with a comment on it by the commenter. */
  async function reportable({ owner, commenter }: { owner: TestMember; commenter: TestMember }) {
    const postId = await createPost(t.app, owner, { category: 'go' });
    return { postId, commentId: await createComment(t.app, commenter, postId, 'Buy now') };
  }

  it('reported while it is removed: the report goes with it, and the count with the report', async () => {
    const { owner, commenter } = await members();
    for (let round = 0; round < ROUNDS; round += 1) {
      const { commentId } = await reportable({ owner, commenter });
      const [reported, removed] = await Promise.all([
        report(owner, commentId),
        t.app.inject({ method: 'DELETE', url: `/api/comment-data/${commentId}`, headers: admin.headers }),
      ]);
      expect(removed.statusCode, removed.body).toBe(200);
      expect([200, 404], reported.body).toContain(reported.statusCode);
      await expectReportsCounted(`round ${round}`);
    }
  });

  it('reported while its post is removed: the report goes with the post, and the count with the report', async () => {
    const { owner, commenter } = await members();
    for (let round = 0; round < ROUNDS; round += 1) {
      const { postId, commentId } = await reportable({ owner, commenter });
      const [reported, removed] = await Promise.all([
        report(owner, commentId),
        t.app.inject({ method: 'DELETE', url: `/api/post-delete/${postId}`, headers: admin.headers }),
      ]);
      expect(removed.statusCode, removed.body).toBe(200);
      expect([200, 404], reported.body).toContain(reported.statusCode);
      await expectReportsCounted(`round ${round}`);
    }
  });

  it('dismissed while its writer’s reported comments are removed: the report is counted off once', async () => {
    const { owner, commenter } = await members();
    for (let round = 0; round < ROUNDS; round += 1) {
      const { commentId } = await reportable({ owner, commenter });
      const reportId = (await report(owner, commentId)).json<{ insertedId: string }>().insertedId;
      const [dismissed, removed] = await Promise.all([
        t.app.inject({ method: 'DELETE', url: `/api/reported-comment/${reportId}`, headers: admin.headers }),
        t.app.inject({ method: 'DELETE', url: `/api/reported-comment-delete/${commenter.email}`, headers: admin.headers }),
      ]);
      expect([200, 404], dismissed.body).toContain(dismissed.statusCode);
      expect(removed.statusCode, removed.body).toBe(200);
      await expectReportsCounted(`round ${round}`);
    }
  });
});
