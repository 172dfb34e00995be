// The search page's state lives in the address, so a reload or a shared link shows the same
// results: ?q=<words>&sort=newest&page=<one-based>&limit=<5|10|20>. Defaults are left out of
// the address; a new search, sort or page size starts again at the first page.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { isPageSize, type PageSize } from '#web/components/ui/pagination-model.ts';
import { isSearchSort, type SearchSort } from '../api/search-posts.ts';

export interface SearchPageParams {
  /** The trimmed search text; '' when nothing was searched. */
  q: string;
  sort: SearchSort;
  /** Zero-based, as the API wants. */
  page: number;
  limit: PageSize;
}

export const SEARCH_PAGE_SIZE: PageSize = 10;

export function readSearchPageParams(params: URLSearchParams): SearchPageParams {
  const q = params.get('q')?.trim() ?? '';
  const sortParam = params.get('sort');
  const sort: SearchSort = isSearchSort(sortParam) ? sortParam : 'relevance';
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam - 1 : 0;
  const limitParam = params.get('limit');
  const limit = limitParam !== null && isPageSize(limitParam) ? (Number(limitParam) as PageSize) : SEARCH_PAGE_SIZE;
  return { q, sort, page, limit };
}

export function writeSearchPageParams({ q, sort, page, limit }: SearchPageParams): URLSearchParams {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (sort !== 'relevance') params.set('sort', sort);
  if (page > 0) params.set('page', String(page + 1));
  if (limit !== SEARCH_PAGE_SIZE) params.set('limit', String(limit));
  return params;
}

export interface SearchPageControls extends SearchPageParams {
  submitSearch: (text: string) => void;
  changeSort: (sort: SearchSort) => void;
  changePage: (page: number) => void;
  changeSize: (size: PageSize) => void;
}

export function useSearchPageParams(): SearchPageControls {
  const [params, setParams] = useSearchParams();
  const current = readSearchPageParams(params);

  const update = useCallback(
    (change: Partial<SearchPageParams>, keepScroll = false) =>
      setParams((previous) => writeSearchPageParams({ ...readSearchPageParams(previous), ...change }), {
        state: keepScroll ? { keepScroll: true } : null,
      }),
    [setParams],
  );

  return {
    ...current,
    submitSearch: useCallback((text: string) => update({ q: text.trim(), page: 0 }), [update]),
    changeSort: useCallback((sort: SearchSort) => update({ sort, page: 0 }), [update]),
    changePage: useCallback((page: number) => update({ page }, true), [update]),
    changeSize: useCallback((limit: PageSize) => update({ limit, page: 0 }, true), [update]),
  };
}
