// GET /api/user/{email} (self or admin): the member's posts, newest first, for the
// profile cards. A member has at most 10 posts (the Gold limit), one page holds them all.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { postSchema, type Post } from '#shared/schemas/post.ts';
import { api } from '#web/lib/api-client.ts';
import { postKeys } from './query-keys.ts';

export const getMemberPosts = (email: string, signal?: AbortSignal): Promise<Post[]> =>
  api.get(`/user/${encodeURIComponent(email)}`, { signal, schema: z.array(postSchema) });

export const memberPostsQueryOptions = (email: string) =>
  queryOptions({
    queryKey: postKeys.memberCards(email),
    queryFn: ({ signal }) => getMemberPosts(email, signal),
  });

export const useMemberPosts = (email: string) => useQuery(memberPostsQueryOptions(email));
