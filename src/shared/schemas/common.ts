import { z } from 'zod';
import { ALL_PAGE_LIMIT, DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from '../constants.ts';

// API.md: page ≥ 0 and 1 ≤ limit ≤ 100, integers only; anything else is a 400, never clamped.
const intFromQuery = z.string().regex(/^\d+$/, 'must be a whole number').transform(Number).pipe(z.number().int().safe());

export const paginationQuerySchema = z.object({
  page: intFromQuery.optional().default(0),
  limit: intFromQuery.pipe(z.number().min(1).max(MAX_PAGE_LIMIT)).optional().default(DEFAULT_PAGE_LIMIT),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

/** The query of a call SPEC.md calls "all …" (all posts, all comments): the same rules, 100 by default. */
export const allPagesQuerySchema = paginationQuerySchema.extend({
  limit: intFromQuery.pipe(z.number().min(1).max(MAX_PAGE_LIMIT)).optional().default(ALL_PAGE_LIMIT),
});

export const countSchema = z.object({ count: z.number().int() });
export const insertedSchema = z.object({ insertedId: z.string() });
export const modifiedSchema = z.object({ modifiedCount: z.number().int() });
export const deletedSchema = z.object({ deletedCount: z.number().int() });
export const idParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** Characters that show nothing: the soft hyphen, zero-width spaces and joiners, the word joiner, the BOM. */
const INVISIBLE = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g;

/** Whether text shows anything once what cannot be seen is left out. */
export const hasVisibleText = (text: string): boolean => text.replace(INVISIBLE, '').trim().length > 0;

/** Text a field requires, trimmed: only invisible characters is as good as nothing (`message`). */
export const requiredText = (message: string) => z.string().trim().refine(hasVisibleText, message);

const pageSchemas = new WeakSet<z.ZodType>();

/** The answer schema of a paged call: the items (the total is the X-Total-Count header, page.ts). */
export const pageOf = <S extends z.ZodType>(item: S) => {
  const page = z.array(item);
  pageSchemas.add(page);
  return page;
};

/** Whether an answer schema is a page (made by pageOf): its call sends X-Total-Count. */
export const isPageSchema = (schema: unknown): boolean =>
  typeof schema === 'object' && schema !== null && pageSchemas.has(schema as z.ZodType);
