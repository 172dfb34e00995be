// The home list's state lives in the address so a reload or a shared link shows the same
// list: ?search=<tag text>&sort=popularity&page=<one-based>&limit=<5|10|20>. Defaults are
// left out of the address. Page and size follow SPEC.md §4 (a new search, sort or size
// starts again at the first page).
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { HOME_PAGE_SIZE } from '#shared/constants.ts';
import { isPageSize, listHref, writePageParam, type PageSize } from '#web/components/ui/pagination-model.ts';
import { paths } from '#web/config/paths.ts';
import type { HomeListQuery, Sort } from '../api/home-posts.ts';

export interface HomeListParams extends HomeListQuery {
  limit: PageSize;
}

const DEFAULT_SIZE = HOME_PAGE_SIZE as PageSize;

export function readHomeListParams(params: URLSearchParams): HomeListParams {
  const search = params.get('search')?.trim() || null;
  const sort: Sort = params.get('sort') === 'popularity' ? 'popularity' : '';
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam - 1 : 0;
  const limitParam = params.get('limit');
  const limit = limitParam !== null && isPageSize(limitParam) ? (Number(limitParam) as PageSize) : DEFAULT_SIZE;
  return { search, sort, page, limit };
}

export function writeHomeListParams({ search, sort, page, limit }: HomeListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (sort) params.set('sort', sort);
  writePageParam(params, page);
  if (limit !== DEFAULT_SIZE) params.set('limit', String(limit));
  return params;
}

/** Home's address for this list: its one address (defaults left out), as the server names it canonical. */
export function homeListHref(list: HomeListParams): string {
  return listHref(paths.home.getHref(), writeHomeListParams(list));
}

export interface HomeListControls extends HomeListParams {
  /** The address of this list changed so (a page, a tag's search): for links to it. */
  hrefFor: (change: Partial<HomeListParams>) => string;
  /** Submits a search; an empty text clears the search. */
  submitSearch: (text: string) => void;
  clearSearch: () => void;
  /** Sorts the list shown: the tag search's results when there is one, else every post. */
  changeSort: (sort: Sort) => void;
  changePage: (page: number) => void;
  changeSize: (size: PageSize) => void;
}

export function useHomeListParams(): HomeListControls {
  const [params, setParams] = useSearchParams();
  const current = readHomeListParams(params);

  const update = useCallback(
    (change: (state: HomeListParams) => Partial<HomeListParams>, keepScroll = false) =>
      setParams(
        (previous) => {
          const state = readHomeListParams(previous);
          return writeHomeListParams({ ...state, ...change(state) });
        },
        { state: keepScroll ? { keepScroll: true } : null },
      ),
    [setParams],
  );

  return {
    ...current,
    hrefFor: (change) => homeListHref({ ...current, ...change }),
    submitSearch: useCallback((text: string) => update(() => ({ search: text.trim() || null, page: 0 })), [update]),
    clearSearch: useCallback(() => update(() => ({ search: null, page: 0 })), [update]),
    changeSort: useCallback((sort: Sort) => update(() => ({ sort, page: 0 })), [update]),
    changePage: useCallback((page: number) => update(() => ({ page }), true), [update]),
    changeSize: useCallback((limit: PageSize) => update(() => ({ limit, page: 0 }), true), [update]),
  };
}
