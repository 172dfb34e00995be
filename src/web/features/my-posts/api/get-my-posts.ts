// GET /api/my-post-pagination/{email}?page&limit (self or admin): one page of the member's
// posts with upVote, downVote and commentCount; the total is in X-Total-Count.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { postSchema, type Post } from '#shared/schemas/post.ts';
import { apiRequest, totalCountOf } from '#web/lib/api-client.ts';
import { memberPostKeys } from './query-keys.ts';

export interface MyPostsPage {
  items: Post[];
  total: number;
}

export async function getMyPosts(email: string, page: number, limit: number, signal?: AbortSignal): Promise<MyPostsPage> {
  const { data, headers } = await apiRequest(`/my-post-pagination/${encodeURIComponent(email)}`, {
    query: { page, limit },
    signal,
    schema: z.array(postSchema),
  });
  return { items: data, total: totalCountOf(headers) };
}

export const myPostsQueryOptions = (email: string, page: number, limit: number) =>
  queryOptions({
    queryKey: memberPostKeys.page(email, page, limit),
    queryFn: ({ signal }) => getMyPosts(email, page, limit, signal),
    placeholderData: keepPreviousData,
  });

export const useMyPosts = (email: string, page: number, limit: number) => useQuery(myPostsQueryOptions(email, page, limit));
