// GET /api/post-comment-data/{postId}?page&limit (post owner or admin): the comments on the
// member's post with commenter_email and whether each one is already `reported`.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Comment } from '#shared/schemas/comment.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import { getPage } from '#web/lib/api-client.ts';
import { commentDetailKeys } from './query-keys.ts';

export const getPostComments = (postId: string, { page, limit }: PaginationQuery, signal?: AbortSignal) =>
  getPage<Comment>(`/post-comment-data/${encodeURIComponent(postId)}`, { page, limit }, signal);

export const postCommentsQueryOptions = (postId: string, page: PaginationQuery) =>
  queryOptions({
    queryKey: commentDetailKeys.page(postId, page),
    queryFn: ({ signal }) => getPostComments(postId, page, signal),
    placeholderData: keepPreviousData,
  });

export const usePostComments = (postId: string, page: PaginationQuery) => useQuery(postCommentsQueryOptions(postId, page));
