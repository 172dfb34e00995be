import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createPost, createTags, makeGold } from '../../test/factories.ts';
import { signUp } from '../../test/sign-in.ts';
import { publishPost } from './posts.service.ts';

describe('the post limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await createTags(t, 'go');
  });
  afterAll(() => t.close());

  const attempt = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/post-data', headers, payload: { title: 't', description: 'd', category: 'go' } });

  it('lets a Bronze member write 5 posts and refuses the 6th with POST_LIMIT_REACHED', async () => {
    const m = await signUp(t.app);
    for (let i = 0; i < 5; i += 1) await createPost(t.app, m, { category: 'go' });
    const res = await attempt(m.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You have reached your post limit.', code: 'POST_LIMIT_REACHED' });
    const mine = await t.db.selectFrom('posts').select('id').where('author_id', '=', m.id).execute();
    expect(mine).toHaveLength(5);
  });

  it('lets a Gold member write 10 and refuses the 11th', async () => {
    const m = await signUp(t.app);
    await makeGold(t.db, m.id);
    for (let i = 0; i < 10; i += 1) await createPost(t.app, m, { category: 'go' });
    expect((await attempt(m.headers)).statusCode).toBe(403);
  });

  it('raises the limit at once when a Bronze member at 5 becomes Gold', async () => {
    const m = await signUp(t.app);
    for (let i = 0; i < 5; i += 1) await createPost(t.app, m, { category: 'go' });
    expect((await attempt(m.headers)).statusCode).toBe(403);
    await makeGold(t.db, m.id);
    expect((await attempt(m.headers)).statusCode).toBe(200);
  });

  it('does not let parallel requests pass the limit together: 3 posts + 5 at once → exactly 2 succeed', async () => {
    const m = await signUp(t.app);
    for (let i = 0; i < 3; i += 1) await createPost(t.app, m, { category: 'go' });
    const results = await Promise.all(Array.from({ length: 5 }, () => attempt(m.headers)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 403, 403, 403]);
    const mine = await t.db.selectFrom('posts').select('id').where('author_id', '=', m.id).execute();
    expect(mine).toHaveLength(5);
  });

  it('refuses a post whose session was read before a ban committed, and stores nothing', async () => {
    const m = await signUp(t.app);
    // The request's session was read while the member was not banned; the ban lands before its write.
    const viewer = { id: m.id, email: m.email, name: m.name, image: null, role: 'Client', membership: 'Bronze' } as const;
    await t.db.updateTable('users').set({ banned_at: new Date().toISOString() }).where('id', '=', m.id).execute();
    const refused = await publishPost(t.writePath, viewer, { title: 'After the ban', description: 'd', category: 'go' }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 403, code: 'BANNED' });
    const theirs = await t.db.selectFrom('posts').select('id').where('author_id', '=', m.id).execute();
    expect(theirs).toHaveLength(0);
  });
});
