// GET /api/post-data/{id}: the post whose comments are listed, for the page's subtitle.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { postDetailSchema } from '#shared/schemas/post.ts';
import { api } from '#web/lib/api-client.ts';
import { commentDetailKeys } from './query-keys.ts';

export const getPostTitle = async (postId: string, signal?: AbortSignal): Promise<string> =>
  (await api.get(`/post-data/${encodeURIComponent(postId)}`, { signal, schema: postDetailSchema })).title;

export const postTitleQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: commentDetailKeys.post(postId),
    queryFn: ({ signal }) => getPostTitle(postId, signal),
  });

export const usePostTitle = (postId: string) => useQuery(postTitleQueryOptions(postId));
