// GET /api/post-comment-data/{postId}?page&limit (post owner or admin): the comments on the
// member's post with commenter_email and whether each one is already `reported`.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { commentSchema, type Comment } from '#shared/schemas/comment.ts';
import { apiRequest, totalCountOf } from '#web/lib/api-client.ts';
import { commentDetailKeys } from './query-keys.ts';

export interface PostCommentsPage {
  items: Comment[];
  total: number;
}

export async function getPostComments(postId: string, page: number, limit: number, signal?: AbortSignal): Promise<PostCommentsPage> {
  const { data, headers } = await apiRequest(`/post-comment-data/${encodeURIComponent(postId)}`, {
    query: { page, limit },
    signal,
    schema: z.array(commentSchema),
  });
  return { items: data, total: totalCountOf(headers) };
}

export const postCommentsQueryOptions = (postId: string, page: number, limit: number) =>
  queryOptions({
    queryKey: commentDetailKeys.page(postId, page, limit),
    queryFn: ({ signal }) => getPostComments(postId, page, limit, signal),
    placeholderData: keepPreviousData,
  });

export const usePostComments = (postId: string, page: number, limit: number) => useQuery(postCommentsQueryOptions(postId, page, limit));
