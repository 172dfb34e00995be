import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createPost, createTags } from '../../test/factories.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';

// Writes on one tag sent at once (two admins, or an admin and a member). On PostgreSQL they
// run in transactions of their own side by side; on SQLite one after the other.
const ROUNDS = 6;

describe('a tag changed by several requests at once', () => {
  let t: TestApp;
  let admin: TestMember;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createAdmin(t);
  });
  afterAll(() => t.close());

  const idOf = async (tag: string) => (await t.db.selectFrom('tags').select('id').where('tag', '=', tag).executeTakeFirstOrThrow()).id;
  const remove = (id: string, moveTo?: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/tag-data/${id}${moveTo ? `?moveTo=${moveTo}` : ''}`, headers: admin.headers });
  const rename = (id: string, tag: string) =>
    t.app.inject({ method: 'PATCH', url: `/api/tag-data/${id}`, headers: admin.headers, payload: { tag } });

  /** Every post is filed under a tag that exists, and each tag counts the posts filed under it. */
  async function expectPostsUnderTags() {
    const posts = await t.db.selectFrom('posts').select(['id', 'category']).execute();
    const tags = await t.db.selectFrom('tags').select(['tag', 'post_count']).execute();
    const known = new Set(tags.map((x) => x.tag));
    expect(posts.filter((p) => !known.has(p.category))).toEqual([]);
    for (const { tag, post_count } of tags) {
      expect(Number(post_count), tag).toBe(posts.filter((p) => p.category === tag).length);
    }
  }

  it('is removed once: every other removal answers 404', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      await createTags(t, `gone${round}`);
      const id = await idOf(`gone${round}`);
      const answers = await Promise.all(Array.from({ length: 4 }, () => remove(id)));
      const summary = answers.map((a) => `${a.statusCode} ${a.statusCode === 200 ? a.body : ''}`).sort();
      expect(summary).toEqual(['200 {"deletedCount":1}', '404 ', '404 ', '404 ']);
    }
  });

  it('renamed while it is removed with its posts moved: no post is left under a tag that is gone', async () => {
    let author = await signUp(t.app);
    await createTags(t, 'landing');
    const landing = await idOf('landing');
    for (let round = 0; round < ROUNDS; round += 1) {
      await createTags(t, `moving${round}`);
      // A member may hold five posts; each round files one under the tag.
      if (round % 5 === 4) author = await signUp(t.app);
      await createPost(t.app, author, { category: `moving${round}` });
      const id = await idOf(`moving${round}`);
      const [renamed, removed] = await Promise.all([rename(id, `moved${round}`), remove(id, landing)]);
      expect([renamed.statusCode, removed.statusCode].sort(), `${renamed.body} ${removed.body}`).toEqual(
        renamed.statusCode === 404 ? [200, 404] : [200, 200],
      );
      await expectPostsUnderTags();
    }
  });

  it('removed while a member files a post under it: the post is refused, or the removal is', async () => {
    let author = await signUp(t.app);
    for (let round = 0; round < ROUNDS; round += 1) {
      await createTags(t, `brief${round}`);
      if (round % 5 === 4) author = await signUp(t.app);
      const id = await idOf(`brief${round}`);
      const [posted, removed] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: '/api/post-data',
          headers: author.headers,
          payload: { title: 'Filed at once', description: 'Words', category: `brief${round}` },
        }),
        remove(id),
      ]);
      // Either the post came first and the tag, now in use, stays (409); or the tag went first.
      expect([posted.statusCode, removed.statusCode], `${posted.body} ${removed.body}`).toSatisfy(
        ([p, r]: number[]) => (p === 200 && r === 409) || (p === 400 && r === 200),
      );
      await expectPostsUnderTags();
    }
  });

  it('removed while a post is moved to it: the move is refused, or the removal is', async () => {
    const author = await signUp(t.app);
    await createTags(t, 'home');
    const postId = await createPost(t.app, author, { category: 'home' });
    for (let round = 0; round < ROUNDS; round += 1) {
      await createTags(t, `next${round}`);
      const id = await idOf(`next${round}`);
      const [moved, removed] = await Promise.all([
        t.app.inject({ method: 'PATCH', url: `/api/post-data/${postId}`, headers: author.headers, payload: { category: `next${round}` } }),
        remove(id),
      ]);
      expect([moved.statusCode, removed.statusCode], `${moved.body} ${removed.body}`).toSatisfy(
        ([m, r]: number[]) => (m === 200 && r === 409) || (m === 400 && r === 200),
      );
      await expectPostsUnderTags();
    }
  });
});
