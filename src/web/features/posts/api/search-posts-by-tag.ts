// GET /api/search-by-tag?search=…: posts whose tag contains the text, newest first.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '#web/lib/api-client.ts';
import { fetchPostPage, type PageQuery, type PostPage } from './post-page.ts';
import { postKeys } from './query-keys.ts';

export async function searchPostsByTag(search: string, { page, limit }: PageQuery, signal?: AbortSignal): Promise<PostPage> {
  try {
    return await fetchPostPage('/search-by-tag', { search, page, limit }, signal);
  } catch (error) {
    // A search text the server refuses (e.g. longer than any tag) matches nothing.
    if (isApiError(error) && error.code === 'VALIDATION_FAILED') return { items: [], total: 0 };
    throw error;
  }
}

export const searchPostsQueryOptions = (search: string, page: PageQuery) =>
  queryOptions({
    queryKey: postKeys.search(search, page),
    queryFn: ({ signal }) => searchPostsByTag(search, page, signal),
    placeholderData: keepPreviousData,
    meta: { public: true },
  });

export const useSearchPosts = (search: string, page: PageQuery) => useQuery(searchPostsQueryOptions(search, page));
