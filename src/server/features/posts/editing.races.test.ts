import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createPost, createTags } from '../../test/factories.ts';
import { untilWaiting } from '../../test/lock-wait.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';

// Two edits of one post that wait on each other need two connections at once: PostgreSQL's, not
// SQLite's one writer (where edits run in the order they came, each timed as it came).
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('two edits of one post on PostgreSQL', () => {
  let t: TestApp;
  let author: TestMember;
  let admin: TestMember;

  beforeAll(async () => {
    t = await buildTestApp();
    await createTags(t, 'go', 'rust');
    author = await signUp(t.app, { name: 'Author' });
    admin = await createAdmin(t, 'Ada');
  });
  afterAll(() => t.close());

  const edit = (member: TestMember, postId: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/post-data/${postId}`, headers: member.headers, payload });

  it('the edit that waited is the later one: its time is the post’s editedAt, and the revisions list newest first', async () => {
    const postId = await createPost(t.app, author, { title: 'First title', category: 'go' });

    // An admin's change to the tag "rust" is under way: the move of the post to it waits.
    let release: () => void = () => {};
    let held: () => void = () => {};
    const isHeld = new Promise<void>((resolve) => (held = resolve));
    const tagChange = t.db.transaction().execute(async (trx) => {
      await trx.selectFrom('tags').select('id').where('tag', '=', 'rust').forUpdate().execute();
      held();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await isHeld;
    const moved = edit(author, postId, { category: 'rust' });
    await untilWaiting(t.db);
    await new Promise((resolve) => setTimeout(resolve, 5));

    // Meanwhile an admin retitles the post, and is done first.
    const retitled = await edit(admin, postId, { title: 'Second title' });
    expect(retitled.json()).toEqual({ modifiedCount: 1 });
    release();
    await tagChange;
    expect((await moved).json()).toEqual({ modifiedCount: 1 });

    const post = (await t.app.inject({ url: `/api/post-data/${postId}` })).json<{ title: string; category: string; editedAt: string }>();
    expect(post).toMatchObject({ title: 'Second title', category: 'rust' });
    const revisions = (await t.app.inject({ url: `/api/post-data/${postId}/revisions`, headers: author.headers })).json<
      Array<{ title: string; category: string; editedAt: string; editor: { name: string } }>
    >();
    // Newest first: the version the move replaced (the admin's), then the first one.
    expect(revisions.map((r) => [r.title, r.category, r.editor.name])).toEqual([
      ['Second title', 'go', 'Author'],
      ['First title', 'go', 'Ada'],
    ]);
    expect(revisions[0]!.editedAt).toBe(post.editedAt);
    expect(Date.parse(revisions[0]!.editedAt)).toBeGreaterThan(Date.parse(revisions[1]!.editedAt));
  });
});
