/**
 * One page of a list (API.md "Pagination"): on the wire the items are the body and the total
 * travels in the X-Total-Count header; on either side of it, code handles a Page. No zod here:
 * the browser's first view reads this file (the answer schema is pageOf, schemas/common.ts).
 */
export interface Page<T> {
  items: T[];
  total: number;
}

export const TOTAL_COUNT_HEADER = 'X-Total-Count';
