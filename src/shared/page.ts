import { z } from 'zod';

/**
 * One page of a list (API.md "Pagination"): on the wire the items are the body and the total
 * travels in the X-Total-Count header; on either side of it, code handles a Page.
 */
export interface Page<T> {
  items: T[];
  total: number;
}

export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** The answer schema of a paged call: the items (the total is a header). */
export const pageOf = <S extends z.ZodType>(item: S) => z.array(item);
