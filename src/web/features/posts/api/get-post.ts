// GET /api/post-data/{id}: one post, with the viewer's own vote (myVote) when signed in.
// The post page and the comment details of the member's post read it from one cache entry.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { postDetailSchema, type PostDetail } from '#shared/schemas/post.ts';
import { api } from '#web/lib/api-client.ts';
import { postKeys } from './query-keys.ts';

export const getPost = (id: string, signal?: AbortSignal): Promise<PostDetail> =>
  api.get(`/post-data/${encodeURIComponent(id)}`, { signal, schema: postDetailSchema });

export const postQueryOptions = (id: string) =>
  queryOptions({
    queryKey: postKeys.detail(id),
    queryFn: ({ signal }) => getPost(id, signal),
  });

export const usePost = (id: string) => useQuery(postQueryOptions(id));
