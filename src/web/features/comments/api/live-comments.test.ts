import { describe, expect, it } from 'vitest';
import type { Page } from '#shared/page.ts';
import type { PublicComment } from '#shared/schemas/comment.ts';
import { buildComment } from '#web/testing/forum-factories.ts';
import { createTestQueryClient } from '#web/testing/render-app.tsx';
import { addLiveComment } from './live-comments.ts';
import { commentKeys } from './query-keys.ts';

describe('a comment that comes live', () => {
  const postId = 'post-1';
  const page = (items: PublicComment[], total: number): Page<PublicComment> => ({ items, total });

  it('joins the last cached page when it has room, grows every total, and comes only once', () => {
    const queryClient = createTestQueryClient();
    const [a, b, c] = [buildComment({ postId }), buildComment({ postId }), buildComment({ postId })];
    queryClient.setQueryData(commentKeys.page(postId, { page: 0, limit: 2 }), page([a, b], 3));
    queryClient.setQueryData(commentKeys.page(postId, { page: 1, limit: 2 }), page([c], 3));
    queryClient.setQueryData(commentKeys.detailPage(postId, { page: 0, limit: 10 }), page([], 3));

    const live = buildComment({ postId, comment: 'Fresh' });
    addLiveComment(queryClient, live);
    addLiveComment(queryClient, live);

    expect(queryClient.getQueryData(commentKeys.page(postId, { page: 0, limit: 2 }))).toEqual(page([a, b], 4));
    expect(queryClient.getQueryData(commentKeys.page(postId, { page: 1, limit: 2 }))).toEqual(page([c, live], 4));
    // The owner's details (with emails) are not the public list: fetched on their own terms.
    expect(queryClient.getQueryData(commentKeys.detailPage(postId, { page: 0, limit: 10 }))).toEqual(page([], 3));
  });

  it('leaves a comment the list already has (one’s own, fetched again after posting)', () => {
    const queryClient = createTestQueryClient();
    const mine = buildComment({ postId });
    queryClient.setQueryData(commentKeys.page(postId, { page: 0, limit: 5 }), page([mine], 1));
    addLiveComment(queryClient, mine);
    expect(queryClient.getQueryData(commentKeys.page(postId, { page: 0, limit: 5 }))).toEqual(page([mine], 1));
  });

  it('starts no page of its own: a full last page only grows its total', () => {
    const queryClient = createTestQueryClient();
    const [a, b] = [buildComment({ postId }), buildComment({ postId })];
    queryClient.setQueryData(commentKeys.page(postId, { page: 0, limit: 2 }), page([a, b], 2));
    addLiveComment(queryClient, buildComment({ postId }));
    expect(queryClient.getQueryData(commentKeys.page(postId, { page: 0, limit: 2 }))).toEqual(page([a, b], 3));
  });
});
