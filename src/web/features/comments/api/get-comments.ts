// GET /api/comment-pagination/{postId}: the comments under a post, oldest first, one page;
// the total in X-Total-Count.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicComment } from '#shared/schemas/comment.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import { getPage } from '#web/lib/api-client.ts';
import { commentKeys } from './query-keys.ts';

export const getComments = (postId: string, { page, limit }: PaginationQuery, signal?: AbortSignal) =>
  getPage<PublicComment>(`/comment-pagination/${encodeURIComponent(postId)}`, { page, limit }, signal);

export const commentsQueryOptions = (postId: string, page: PaginationQuery) =>
  queryOptions({
    queryKey: commentKeys.page(postId, page),
    queryFn: ({ signal }) => getComments(postId, page, signal),
    placeholderData: keepPreviousData,
    meta: { public: true },
  });

export const useComments = (postId: string, page: PaginationQuery) => useQuery(commentsQueryOptions(postId, page));
