// GET /api/comment-pagination/{postId}: the comments under a post, oldest first, one page;
// the total in X-Total-Count.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicComment } from '#shared/schemas/comment.ts';
import { apiRequest, totalCountOf } from '#web/lib/api-client.ts';
import { commentKeys } from './query-keys.ts';

export interface CommentPage {
  items: PublicComment[];
  total: number;
}

export async function getComments(postId: string, page: { page: number; limit: number }, signal?: AbortSignal): Promise<CommentPage> {
  const { data, headers } = await apiRequest<PublicComment[]>(`/comment-pagination/${encodeURIComponent(postId)}`, {
    query: page,
    signal,
  });
  return { items: data, total: totalCountOf(headers) };
}

export const commentsQueryOptions = (postId: string, page: { page: number; limit: number }) =>
  queryOptions({
    queryKey: commentKeys.page(postId, page),
    queryFn: ({ signal }) => getComments(postId, page, signal),
    placeholderData: keepPreviousData,
    meta: { public: true },
  });

export const useComments = (postId: string, page: { page: number; limit: number }) => useQuery(commentsQueryOptions(postId, page));
