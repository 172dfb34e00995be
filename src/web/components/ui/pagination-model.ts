// SPEC.md §4 pagination rules, kept apart from rendering so they are written (and tested) once.
import { PAGE_SIZES } from '#shared/constants.ts';

export type PageSize = (typeof PAGE_SIZES)[number];

export const isPageSize = (value: unknown): value is PageSize => PAGE_SIZES.includes(Number(value) as PageSize);

/** Total pages = ceil(total / size); an empty list still has one (empty) page. */
export const pageCount = (total: number, size: number): number => Math.max(1, Math.ceil(Math.max(0, total) / size));

/**
 * A list's page in its address (`?page=`): one-based for people, and the first page named by no
 * `page` at all, so it has one address (unless `nameFirstPage`: see usePaginationParams).
 */
export function writePageParam(params: URLSearchParams, page: number, nameFirstPage = false): void {
  if (page <= 0 && !nameFirstPage) params.delete('page');
  else params.set('page', String(page + 1));
}

/**
 * A list's page and page size as its address names them (`?page=` one-based, `?limit=` one of
 * PAGE_SIZES): the page zero-based, or null when the address names none; any other value reads
 * as none. Read so in the browser and by the server that renders the page (ADR 0015).
 */
export function readPageParams(params: URLSearchParams, defaultSize: PageSize): { chosenPage: number | null; size: PageSize } {
  const pageParam = Number(params.get('page'));
  const limitParam = params.get('limit');
  return {
    chosenPage: Number.isInteger(pageParam) && pageParam >= 1 ? pageParam - 1 : null,
    size: limitParam !== null && isPageSize(limitParam) ? (Number(limitParam) as PageSize) : defaultSize,
  };
}

/** The address of a list: its path, with its query when it has one. */
export function listHref(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

export const canGoPrev = (page: number): boolean => page > 0;
export const canGoNext = (page: number, total: number, size: number): boolean => page < pageCount(total, size) - 1;

/**
 * The page numbers to show as buttons (zero-based): all of them when few, otherwise the first,
 * the last and a window around the current one, with null marking a gap.
 */
export function visiblePages(page: number, total: number, size: number, window = 1, all = 7): (number | null)[] {
  const count = pageCount(total, size);
  if (count <= all) return Array.from({ length: count }, (_, i) => i);
  const keep = new Set([0, count - 1]);
  for (let i = page - window; i <= page + window; i += 1) if (i > 0 && i < count - 1) keep.add(i);
  const sorted = [...keep].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1]! > 1) out.push(null);
    out.push(n);
  });
  return out;
}

/** A page button or a gap, and whether a narrow screen shows it (a wide one shows every item). */
export type PageItem = { page: number; narrow: boolean } | { gap: true; wide: boolean; narrow: boolean };

/**
 * The page buttons for both widths at once, so the markup is the same wherever it is rendered
 * (the server's first view included) and CSS picks: a wide screen shows the window around the
 * current page (visiblePages); a phone shows only the first, the current and the last page, so
 * Prev and Next stay on one line with the numbers at 360 px.
 */
export function pageItems(page: number, total: number, size: number): PageItem[] {
  const wide = visiblePages(page, total, size).filter((n): n is number => n !== null);
  // A table's card leaves 302 px on a 360 px phone: Prev, Next and four numbers fit, or three
  // numbers and two gaps (with pagination.tsx's closer spacing there), but not five numbers.
  const narrow = new Set(visiblePages(page, total, size, 0, 4).filter((n): n is number => n !== null));
  const items: PageItem[] = [];
  let lastWide = -1;
  let lastNarrow = -1;
  for (const n of wide) {
    const shownNarrow = narrow.has(n);
    const wideGap = lastWide >= 0 && n - lastWide > 1;
    const narrowGap = shownNarrow && lastNarrow >= 0 && n - lastNarrow > 1;
    if (wideGap || narrowGap) items.push({ gap: true, wide: wideGap, narrow: narrowGap });
    items.push({ page: n, narrow: shownNarrow });
    lastWide = n;
    if (shownNarrow) lastNarrow = n;
  }
  return items;
}
