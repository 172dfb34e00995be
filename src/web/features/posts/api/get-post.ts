// GET /api/post-data/{id}: one post, with the viewer's own vote (myVote) when signed in.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PostDetail } from '#shared/schemas/post.ts';
import { api } from '#web/lib/api-client.ts';
import { postKeys } from './query-keys.ts';

export const getPost = (id: string, signal?: AbortSignal) => api.get<PostDetail>(`/post-data/${encodeURIComponent(id)}`, { signal });

export const postQueryOptions = (id: string) =>
  queryOptions({
    queryKey: postKeys.detail(id),
    queryFn: ({ signal }) => getPost(id, signal),
  });

export const usePost = (id: string) => useQuery(postQueryOptions(id));
