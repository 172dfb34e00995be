// GET /api/my-post-pagination/{email}?page&limit (self or admin): one page of the member's
// posts with upVote, downVote and commentCount; the total is in X-Total-Count.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import type { Post } from '#shared/schemas/post.ts';
import { getPage } from '#web/lib/api-client.ts';
import { postKeys } from './query-keys.ts';

export const getMyPosts = (email: string, { page, limit }: PaginationQuery, signal?: AbortSignal) =>
  getPage<Post>(`/my-post-pagination/${encodeURIComponent(email)}`, { page, limit }, signal);

export const myPostsQueryOptions = (email: string, page: PaginationQuery) =>
  queryOptions({
    queryKey: postKeys.memberPage(email, page),
    queryFn: ({ signal }) => getMyPosts(email, page, signal),
    placeholderData: keepPreviousData,
  });

export const useMyPosts = (email: string, page: PaginationQuery) => useQuery(myPostsQueryOptions(email, page));
