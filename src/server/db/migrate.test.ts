import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createAdmin, createComment, createPost, createTags, editComment, publishAnnouncement, reportComment } from '../test/factories.ts';
import { signUp } from '../test/sign-in.ts';
import { migrateToLatest } from './migrate.ts';

describe('migrating a database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  // A downgrade, or a backup of a newer version restored under an older one.
  it('refuses one a newer version migrated, saying so, and leaves it as it was', async () => {
    const future = '9999-from-a-newer-version';
    await sql`insert into kysely_migration (name, timestamp) values (${future}, ${new Date().toISOString()})`.execute(t.db);
    const ran = async () => (await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(t.db)).rows[0]!.n;
    const before = Number(await ran());
    try {
      await expect(migrateToLatest(t.db)).rejects.toThrow(
        `This database was migrated by a newer version of Code Commons (${future} is unknown to this one)`,
      );
      expect(Number(await ran())).toBe(before);
    } finally {
      await sql`delete from kysely_migration where name = ${future}`.execute(t.db);
    }
  });
});

// Comments and announcements were stored with a `#` heading as an h2, as a post's is; a comment's
// now starts at h3 (under the "Comments" h2) and an announcement's at h4 (under its h3 title).
describe('moving the headings already stored in comments and announcements (0028)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  // Every level the renderer wrote, and text and code that only look like heading tags.
  const OLD = '<h2>A</h2><h3>B</h3><h4>C</h4><h5>D</h5><h6>E</h6><p>&lt;h2&gt; <code>&lt;/h3&gt;</code></p>';

  it('shifts comments, their earlier versions and reported copies one level, announcements two, and leaves posts', async () => {
    await createTags(t, 'typescript');
    const author = await signUp(t.app, { name: 'Author' });
    const commenter = await signUp(t.app, { name: 'Commenter' });
    const admin = await createAdmin(t);
    const postId = await createPost(t.app, author);
    const commentId = await createComment(t.app, commenter, postId, 'First');
    const plainId = await createComment(t.app, commenter, postId, 'No headings');
    await editComment(t.app, commenter, commentId, 'Second');
    await reportComment(t.app, author, commentId);
    await publishAnnouncement(t.app, admin, { title: 'Maintenance', description: 'Soon' });

    // As written before: every one at a post's levels.
    await t.db.updateTable('posts').set({ description_html: OLD }).execute();
    await t.db.updateTable('comments').set({ comment_html: OLD }).where('id', '=', commentId).execute();
    await t.db.updateTable('comment_revisions').set({ comment_html: OLD }).execute();
    await t.db.updateTable('reports').set({ comment_html: OLD }).execute();
    await t.db.updateTable('announcements').set({ description_html: OLD }).execute();
    await sql`delete from kysely_migration where name = '0028-comment-and-announcement-headings'`.execute(t.db);

    expect(await migrateToLatest(t.db)).toEqual(['0028-comment-and-announcement-headings']);

    const code = '<p>&lt;h2&gt; <code>&lt;/h3&gt;</code></p>';
    const comment = `<h3>A</h3><h4>B</h4><h5>C</h5><h6>D</h6><h6>E</h6>${code}`;
    const comments = await t.db.selectFrom('comments').select(['id', 'comment_html']).orderBy('id').execute();
    expect(Object.fromEntries(comments.map((c) => [c.id, c.comment_html]))).toEqual({
      [commentId]: comment,
      [plainId]: '<p>No headings</p>',
    });
    expect(await t.db.selectFrom('comment_revisions').select('comment_html').execute()).toEqual([{ comment_html: comment }]);
    expect(await t.db.selectFrom('reports').select('comment_html').execute()).toEqual([{ comment_html: comment }]);
    expect(await t.db.selectFrom('announcements').select('description_html').execute()).toEqual([
      { description_html: `<h4>A</h4><h5>B</h5><h6>C</h6><h6>D</h6><h6>E</h6>${code}` },
    ]);
    expect(await t.db.selectFrom('posts').select('description_html').execute()).toEqual([{ description_html: OLD }]);
  });
});
