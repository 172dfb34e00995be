// Page and page size of a paged table, kept in the address (?page=&limit=) so a reload or
// a shared link shows the same page. The page in the address is one-based for people; the
// value returned is zero-based as the API wants (SPEC.md §4).
import { useCallback, useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { DASHBOARD_PAGE_SIZE } from '#shared/constants.ts';
import { listHref, readPageParams, writePageParam, type PageSize } from './pagination-model.ts';

export interface PaginationParams {
  page: number;
  /** The page the address names, or null when it names none (`page` is then the first). */
  chosenPage: number | null;
  size: PageSize;
  /** The address of a page of this list, as setPage would write it: for links to it (Pagination's pageHref). */
  pageHref: (page: number) => string;
  /** `replace`: in place of the page shown in the history, not after it. */
  setPage: (page: number, options?: { replace?: boolean }) => void;
  /** Changing the size goes back to the first page. */
  setSize: (size: PageSize) => void;
}

export interface PaginationOptions {
  /** A list inside a longer page keeps the reader's scroll when it pages (scroll-manager.tsx). */
  keepScroll?: boolean;
  /**
   * The first page is written in the address too, when a list without one opens elsewhere (a
   * post's comments open at a linked comment): the reader's choice of it then still holds.
   */
  nameFirstPage?: boolean;
}

export function usePaginationParams(
  defaultSize: PageSize = DASHBOARD_PAGE_SIZE as PageSize,
  { keepScroll = false, nameFirstPage = false }: PaginationOptions = {},
): PaginationParams {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const { chosenPage, size } = readPageParams(params, defaultSize);

  const show = useCallback(
    (change: (copy: URLSearchParams) => void, replace = false) =>
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          change(copy);
          return copy;
        },
        { state: keepScroll ? { keepScroll: true } : null, replace },
      ),
    [keepScroll, setParams],
  );
  const writePage = useCallback((copy: URLSearchParams, next: number) => writePageParam(copy, next, nameFirstPage), [nameFirstPage]);

  const pageHref = (next: number) => {
    const copy = new URLSearchParams(params);
    writePage(copy, next);
    return listHref(pathname, copy);
  };

  const setPage = useCallback(
    (next: number, options?: { replace?: boolean }) => show((copy) => writePage(copy, next), options?.replace),
    [show, writePage],
  );

  const setSize = useCallback(
    (next: PageSize) =>
      show((copy) => {
        writePage(copy, 0);
        if (next === defaultSize) copy.delete('limit');
        else copy.set('limit', String(next));
      }),
    [defaultSize, show, writePage],
  );

  return { page: chosenPage ?? 0, chosenPage, size, pageHref, setPage, setSize };
}

/**
 * A page past the last (its items removed meanwhile, by a live removal, a ban or another admin,
 * or an old link): the last page instead, in its place in the history, rather than an empty page
 * under a count with no pages to go back by. `shown` is the page's answer once it has settled
 * (not a placeholder kept from the page before), or null while it has not.
 */
export function useLastPageWhenPastTheEnd(
  { page, size, setPage }: { page: number; size: number; setPage: PaginationParams['setPage'] },
  shown: { items: number; total: number } | null,
): void {
  const total = shown?.total ?? 0;
  const pastTheEnd = page > 0 && shown !== null && shown.items === 0;
  useEffect(() => {
    if (pastTheEnd) setPage(Math.max(0, Math.ceil(total / size) - 1), { replace: true });
  }, [pastTheEnd, total, size, setPage]);
}
