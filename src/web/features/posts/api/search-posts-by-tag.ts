// GET /api/search-by-tag?search=…: posts whose tag contains the text, newest first.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Page } from '#shared/page.ts';
import type { Post } from '#shared/schemas/post.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import { getPage, isApiError } from '#web/lib/api-client.ts';
import { postKeys } from './query-keys.ts';

export async function searchPostsByTag(search: string, { page, limit }: PaginationQuery, signal?: AbortSignal): Promise<Page<Post>> {
  try {
    return await getPage<Post>('/search-by-tag', { search, page, limit }, signal);
  } catch (error) {
    // A search text the server refuses (e.g. longer than any tag) matches nothing.
    if (isApiError(error) && error.code === 'VALIDATION_FAILED') return { items: [], total: 0 };
    throw error;
  }
}

export const searchPostsQueryOptions = (search: string, page: PaginationQuery) =>
  queryOptions({
    queryKey: postKeys.search(search, page),
    queryFn: ({ signal }) => searchPostsByTag(search, page, signal),
    placeholderData: keepPreviousData,
    meta: { public: true },
  });
