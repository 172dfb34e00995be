import { describe, expect, it } from 'vitest';
import { canGoNext, canGoPrev, pageCount, pageItems, readPageParams, visiblePages } from './pagination-model.ts';

describe('pagination rules (SPEC.md §4)', () => {
  it('reads the page (one-based in the address) and a size it offers, anything else as none', () => {
    const read = (query: string) => readPageParams(new URLSearchParams(query), 5);
    expect(read('')).toEqual({ chosenPage: null, size: 5 });
    expect(read('page=3&limit=10')).toEqual({ chosenPage: 2, size: 10 });
    expect(read('page=1')).toEqual({ chosenPage: 0, size: 5 });
    for (const page of ['0', '-1', '2.5', 'two', '']) expect(read(`page=${page}`).chosenPage).toBeNull();
    for (const limit of ['7', '100', '-5', 'ten']) expect(read(`limit=${limit}`).size).toBe(5);
  });

  it('counts ceil(total / size) pages, at least one', () => {
    expect(pageCount(0, 5)).toBe(1);
    expect(pageCount(5, 5)).toBe(1);
    expect(pageCount(6, 5)).toBe(2);
    expect(pageCount(101, 20)).toBe(6);
  });

  it('disables Prev at page 0 and Next on the last page', () => {
    expect(canGoPrev(0)).toBe(false);
    expect(canGoPrev(1)).toBe(true);
    expect(canGoNext(0, 6, 5)).toBe(true);
    expect(canGoNext(1, 6, 5)).toBe(false);
    expect(canGoNext(0, 0, 5)).toBe(false);
  });

  it('shows every page when few, and a window with gaps when many', () => {
    expect(visiblePages(0, 30, 5)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(visiblePages(10, 200, 10)).toEqual([0, null, 9, 10, 11, null, 19]);
    expect(visiblePages(0, 200, 10)).toEqual([0, 1, null, 19]);
  });

  it('shows a phone only the first, the current and the last page, with its own gaps', () => {
    // What each width shows, one-based as on screen.
    const shown = (page: number, total: number, size: number, width: 'wide' | 'narrow') =>
      pageItems(page, total, size)
        .filter((item) => ('gap' in item ? item[width] : width === 'wide' || item.narrow))
        .map((item) => ('gap' in item ? '…' : String(item.page + 1)))
        .join(' ');
    expect(shown(10, 200, 10, 'wide')).toBe('1 … 10 11 12 … 20');
    expect(shown(10, 200, 10, 'narrow')).toBe('1 … 11 … 20');
    expect(shown(2, 120, 5, 'wide')).toBe('1 2 3 4 … 24');
    expect(shown(2, 120, 5, 'narrow')).toBe('1 … 3 … 24');
    expect(shown(1, 35, 5, 'wide')).toBe('1 2 3 4 5 6 7');
    expect(shown(1, 35, 5, 'narrow')).toBe('1 2 … 7');
    // Five numbers besides Prev and Next are wider than a table's footer on a phone.
    expect(shown(0, 20, 5, 'narrow')).toBe('1 2 3 4');
    expect(shown(0, 25, 5, 'narrow')).toBe('1 … 5');
    expect(shown(2, 25, 5, 'narrow')).toBe('1 … 3 … 5');
    expect(shown(23, 120, 5, 'narrow')).toBe('1 … 24');
  });
});
