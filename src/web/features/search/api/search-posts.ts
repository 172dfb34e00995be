// GET /api/search?q=…&sort=newest&page=&limit= (API.md "Search"): the posts and comments whose
// words match, one page; the total in X-Total-Count.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
// Types only: the schemas (and zod) stay out of the browser's bundle.
import type { SearchHit, SearchQuery, SearchSort } from '#shared/schemas/search.ts';
import { getPage } from '#web/lib/api-client.ts';
import { searchKeys } from './query-keys.ts';

export type { SearchHit, SearchQuery, SearchSort };

export const SEARCH_SORTS = ['relevance', 'newest'] as const satisfies readonly SearchSort[];

export const isSearchSort = (value: unknown): value is SearchSort => SEARCH_SORTS.includes(value as SearchSort);

export const searchPosts = ({ q, sort, page, limit }: SearchQuery, signal?: AbortSignal) =>
  // The default order is left out of the call.
  getPage<SearchHit>('/search', sort === 'relevance' ? { q, page, limit } : { q, sort, page, limit }, signal);

export const searchQueryOptions = (query: SearchQuery) =>
  queryOptions({
    queryKey: searchKeys.results(query),
    queryFn: ({ signal }) => searchPosts(query, signal),
    placeholderData: keepPreviousData,
    meta: { public: true },
  });
