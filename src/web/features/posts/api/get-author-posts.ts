// GET /api/members/{id}/posts?page&limit (anyone): one page of a member's posts, newest
// first; the total is in X-Total-Count.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import type { Post } from '#shared/schemas/post.ts';
import { getPage } from '#web/lib/api-client.ts';
import { postKeys } from './query-keys.ts';

export const getAuthorPosts = (authorId: string, { page, limit }: PaginationQuery, signal?: AbortSignal) =>
  getPage<Post>(`/members/${encodeURIComponent(authorId)}/posts`, { page, limit }, signal);

export const authorPostsQueryOptions = (authorId: string, page: PaginationQuery) =>
  queryOptions({
    queryKey: postKeys.byAuthor(authorId, page),
    queryFn: ({ signal }) => getAuthorPosts(authorId, page, signal),
    placeholderData: keepPreviousData,
  });

export const useAuthorPosts = (authorId: string, page: PaginationQuery) => useQuery(authorPostsQueryOptions(authorId, page));
