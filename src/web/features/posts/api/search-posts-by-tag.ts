// GET /api/search-by-tag?search=…&sort=popularity: posts whose tag contains the text, newest or
// most popular first.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Page } from '#shared/page.ts';
import type { Post } from '#shared/schemas/post.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import { getPage, isApiError } from '#web/lib/api-client.ts';
import { postKeys } from './query-keys.ts';

export type TagSearchSort = 'newest' | 'popularity';

export async function searchPostsByTag(
  search: string,
  { page, limit }: PaginationQuery,
  sort: TagSearchSort = 'newest',
  signal?: AbortSignal,
): Promise<Page<Post>> {
  try {
    // The default order is left out, so a plain search asks exactly what SPEC.md's call asks.
    return await getPage<Post>('/search-by-tag', sort === 'newest' ? { search, page, limit } : { search, sort, page, limit }, signal);
  } catch (error) {
    // A search text the server refuses (e.g. longer than any tag) matches nothing.
    if (isApiError(error) && error.code === 'VALIDATION_FAILED') return { items: [], total: 0 };
    throw error;
  }
}

export const searchPostsQueryOptions = (search: string, page: PaginationQuery, sort: TagSearchSort = 'newest') =>
  queryOptions({
    queryKey: postKeys.search(search, page, sort),
    queryFn: ({ signal }) => searchPostsByTag(search, page, sort, signal),
    placeholderData: keepPreviousData,
    meta: { public: true },
  });
