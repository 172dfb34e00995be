// GET /api/post-data/popularity: posts by upVote − downVote, then newest (sort "popularity").
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Post } from '#shared/schemas/post.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import { getPage } from '#web/lib/api-client.ts';
import { postKeys } from './query-keys.ts';

export const getPopularPosts = ({ page, limit }: PaginationQuery, signal?: AbortSignal) =>
  getPage<Post>('/post-data/popularity', { page, limit }, signal);

export const popularPostsQueryOptions = (page: PaginationQuery) =>
  queryOptions({
    queryKey: postKeys.popular(page),
    queryFn: ({ signal }) => getPopularPosts(page, signal),
    placeholderData: keepPreviousData,
    meta: { public: true },
  });
