// Page and page size of a paged table, kept in the address (?page=&limit=) so a reload or
// a shared link shows the same page. The page in the address is one-based for people; the
// value returned is zero-based as the API wants (SPEC.md §4).
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { DASHBOARD_PAGE_SIZE } from '#shared/constants.ts';
import { isPageSize, type PageSize } from './pagination-model.ts';

export interface PaginationParams {
  page: number;
  size: PageSize;
  setPage: (page: number) => void;
  /** Changing the size goes back to the first page. */
  setSize: (size: PageSize) => void;
}

export function usePaginationParams(defaultSize: PageSize = DASHBOARD_PAGE_SIZE as PageSize): PaginationParams {
  const [params, setParams] = useSearchParams();
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam - 1 : 0;
  const limitParam = params.get('limit');
  const size = limitParam !== null && isPageSize(limitParam) ? (Number(limitParam) as PageSize) : defaultSize;

  const setPage = useCallback(
    (next: number) =>
      setParams((current) => {
        const copy = new URLSearchParams(current);
        if (next <= 0) copy.delete('page');
        else copy.set('page', String(next + 1));
        return copy;
      }),
    [setParams],
  );

  const setSize = useCallback(
    (next: PageSize) =>
      setParams((current) => {
        const copy = new URLSearchParams(current);
        copy.delete('page');
        if (next === defaultSize) copy.delete('limit');
        else copy.set('limit', String(next));
        return copy;
      }),
    [defaultSize, setParams],
  );

  return { page, size, setPage, setSize };
}
