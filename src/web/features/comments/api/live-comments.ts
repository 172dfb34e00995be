// The `comment` live event on a post page: the new comment joins the cached pages of that
// post's comments (the last page gains it when it has room; every page's total grows), once:
// a comment already there (the reader's own, fetched again after posting) is left alone.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Page } from '#shared/page.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import type { PublicComment } from '#shared/schemas/comment.ts';
import { useLiveEvent } from '#web/lib/live-events.ts';
import { commentKeys } from './query-keys.ts';

/** The cached list pages of a post's comments (not its positions or the owner's details). */
function cachedPages(queryClient: QueryClient, postId: string) {
  return queryClient
    .getQueriesData<Page<PublicComment>>({ queryKey: commentKeys.ofPost(postId) })
    .filter(([key, data]) => data !== undefined && key.length === commentKeys.page(postId, { page: 0, limit: 1 }).length)
    .map(([key, data]) => ({ key, page: key.at(-1) as PaginationQuery, data: data! }))
    .filter(({ page }) => typeof page === 'object' && page !== null && 'limit' in page);
}

export function addLiveComment(queryClient: QueryClient, comment: PublicComment): void {
  const pages = cachedPages(queryClient, comment.postId);
  if (pages.some(({ data }) => data.items.some((item) => item._id === comment._id))) return;
  for (const { key, page, data } of pages) {
    const last = page.page * page.limit + data.items.length === data.total && data.items.length < page.limit;
    queryClient.setQueryData<Page<PublicComment>>(key, {
      items: last ? [...data.items, comment] : data.items,
      total: data.total + 1,
    });
  }
}

export function useLiveComments(postId: string): void {
  const queryClient = useQueryClient();
  useLiveEvent('comment', (comment) => {
    if (comment.postId === postId) addLiveComment(queryClient, comment);
  });
}
