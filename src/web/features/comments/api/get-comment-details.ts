// GET /api/post-comment-data/{postId}?page&limit (post owner or admin): the comments on the
// member's post with commenter_email and whether each one is already `reported`.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Comment } from '#shared/schemas/comment.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import { getPage } from '#web/lib/api-client.ts';
import { commentKeys } from './query-keys.ts';

export const getCommentDetails = (postId: string, { page, limit }: PaginationQuery, signal?: AbortSignal) =>
  getPage<Comment>(`/post-comment-data/${encodeURIComponent(postId)}`, { page, limit }, signal);

export const commentDetailsQueryOptions = (postId: string, page: PaginationQuery) =>
  queryOptions({
    queryKey: commentKeys.detailPage(postId, page),
    queryFn: ({ signal }) => getCommentDetails(postId, page, signal),
    placeholderData: keepPreviousData,
  });

export const useCommentDetails = (postId: string, page: PaginationQuery) => useQuery(commentDetailsQueryOptions(postId, page));
