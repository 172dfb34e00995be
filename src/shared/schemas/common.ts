import { z } from 'zod';
import { ALL_PAGE_LIMIT, DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from '../constants.ts';

// API.md: page ≥ 0 and 1 ≤ limit ≤ 100, integers only; anything else is a 400, never clamped.
// Each refusal says the whole rule ("-1" was told it "must be a whole number").
const PAGE_RULE = 'must be a whole number, 0 or more';
const LIMIT_RULE = `must be a whole number from 1 to ${MAX_PAGE_LIMIT}`;
const intFromQuery = (rule: string) => z.string().regex(/^\d+$/, rule).transform(Number).pipe(z.number().int(rule));

const limitFromQuery = intFromQuery(LIMIT_RULE).pipe(z.number().min(1, LIMIT_RULE).max(MAX_PAGE_LIMIT, LIMIT_RULE)).optional();

export const paginationQuerySchema = z.object({
  page: intFromQuery(PAGE_RULE).optional().default(0),
  limit: limitFromQuery.default(DEFAULT_PAGE_LIMIT),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

/** The query of a call SPEC.md calls "all …" (all posts, all comments): the same rules, 100 by default. */
export const allPagesQuerySchema = paginationQuerySchema.extend({ limit: limitFromQuery.default(ALL_PAGE_LIMIT) });

export const countSchema = z.object({ count: z.number().int() });
export const insertedSchema = z.object({ insertedId: z.string() });
export const modifiedSchema = z.object({ modifiedCount: z.number().int() });
export const deletedSchema = z.object({ deletedCount: z.number().int() });
export const idParamsSchema = z.object({ id: z.string().min(1).max(64) });

/**
 * The `editedAt` of the version an editor started from (null: it had never been edited), sent
 * with an edit of a post or comment: when that version is no longer the current one the edit is
 * refused (409 CONFLICT) instead of silently putting the older text back. Left out, no check.
 */
export const baseEditedAtSchema = z.iso
  .datetime({ offset: true, message: 'must be an ISO date-time, or null' })
  .nullable()
  .optional()
  .describe('The editedAt of the version the editor started from (null if it had never been edited); 409 CONFLICT if it was edited since.');

/**
 * Characters that show nothing by themselves: the soft hyphen, zero-width spaces and joiners,
 * direction marks, embeddings, overrides and isolates, invisible operators, the fillers of
 * Hangul and the blank Braille pattern, variation selectors, the BOM and the tag characters.
 */
const INVISIBLE =
  // eslint-disable-next-line no-misleading-character-class -- each code point is matched alone, combining ones too
  /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u2800\u3164\uFE00-\uFE0F\uFEFF\uFFA0\u{E0000}-\u{E007F}]/gu;

/** Whether text shows anything once what cannot be seen is left out. */
export const hasVisibleText = (text: string): boolean => text.replace(INVISIBLE, '').trim().length > 0;

/**
 * Direction overrides, embeddings and isolates. In a line shown inside other text (a title or a
 * name in a list) an unclosed one turns the text after it around ("by Eve\u202Egnp.exe");
 * text in any script shows in its direction without them.
 */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/**
 * Line breaks (CR, LF, the Unicode line and paragraph separators) and the other control
 * characters (tab, NUL, escape, …). A title or a name is one line wherever it is shown: kept, its
 * breaks would start lines of the writer's choosing in the text of a notification mail.
 */
const CONTROLS = /[\p{Cc}\u2028\u2029]+/u;

/**
 * A title or a name as it is stored: trimmed, without direction controls, each run of control
 * characters (and the spaces beside it) one space. Split rather than one pattern around the
 * spaces, which would take quadratic time over a long run of spaces.
 */
export const singleLine = (text: string): string =>
  text
    .replace(DIRECTION_CONTROLS, '')
    .split(CONTROLS)
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .join(' ');

/** Text a field requires, as singleLine leaves it: only invisible characters is as good as nothing (`message`). */
export const requiredText = (message: string) => z.string().overwrite(singleLine).refine(hasVisibleText, message);

/**
 * Markdown as it is stored and previewed: the blank lines before it and the whitespace after it
 * go, but not the first line's indent, which Markdown reads (four spaces begin a code block).
 */
export const trimMarkdown = (text: string): string => text.replace(/^(?:[ \t]*(?:\r\n|\r|\n))+/, '').trimEnd();

/** Markdown a field requires (a post's description, a comment, an announcement), as trimMarkdown leaves it. */
export const requiredMarkdown = (message: string) => z.string().overwrite(trimMarkdown).refine(hasVisibleText, message);

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
