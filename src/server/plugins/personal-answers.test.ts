import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createPost, createTags } from '../test/factories.ts';
import { signUp, type TestMember } from '../test/sign-in.ts';

// An answer that depends on who asks (or carries a member's email) is never kept by a cache;
// public answers keep their own caching.
describe('personal answers', () => {
  let t: TestApp;
  let ada: TestMember;
  let postId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    ada = await signUp(t.app, { name: 'Ada' });
    await createTags(t, 'go');
    postId = await createPost(t.app, ada, { category: 'go' });
  });
  afterAll(() => t.close());

  it('sends Cache-Control: no-store on answers that read the session', async () => {
    const urls = [
      `/api/users/${encodeURIComponent(ada.email)}`,
      '/api/notifications',
      '/api/notifications/unread-count',
      `/api/post-comment-data/${postId}`,
      `/api/post-data/${postId}`,
      '/api/auth/get-session',
    ];
    for (const url of urls) {
      const res = await t.app.inject({ url, headers: ada.headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // Signed out too: the answer still depends on the (absent) session.
    const anonymous = await t.app.inject({ url: `/api/post-data/${postId}` });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });

  it('leaves public answers as they were', async () => {
    for (const url of ['/api/tag-data', '/api/post-data-count']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBeUndefined();
    }
    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.headers['cache-control']).toMatch(/^public, max-age=/);
  });
});
