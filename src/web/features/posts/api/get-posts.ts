// GET /api/pagination: the newest posts, one page (the home list when nothing is searched).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Post } from '#shared/schemas/post.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import { getPage } from '#web/lib/api-client.ts';
import { postKeys } from './query-keys.ts';

export const getPosts = ({ page, limit }: PaginationQuery, signal?: AbortSignal) => getPage<Post>('/pagination', { page, limit }, signal);

export const postsQueryOptions = (page: PaginationQuery) =>
  queryOptions({
    queryKey: postKeys.newest(page),
    queryFn: ({ signal }) => getPosts(page, signal),
    placeholderData: keepPreviousData,
    meta: { public: true },
  });
