// Home's search by tag (`search-by-tag`, SPEC.md §4): which tags a search text finds. The
// server asks its database the same question (tags.queries.ts, `LIKE '%text%'`); the browser
// asks it of a post published live, to count it on the tag's page. No zod: home's first view
// reads this file.

/** The letters a tag is written in (schemas/tag.ts): text outside them finds no tag. */
export const TAG_ALPHABET = /^[a-z0-9+#.-]+$/;

/**
 * A tag as the app shows it (`#rust`, on every chip and card) is that tag: one leading `#` is
 * the chip's mark, not the tag's, so a tag that itself begins with one is written as its chip
 * shows it (`##x`). A `#` alone is itself (it finds `c#` and `f#`). Used by the full-text
 * search's `tag:` too (search-terms.ts).
 */
export const withoutTagMark = (text: string): string => (text.length > 1 && text.startsWith('#') ? text.slice(1) : text);

/** The search text as it is compared: trimmed, lower case, without the chip's mark. */
export const tagSearchNeedle = (text: string): string => withoutTagMark(text.trim().toLowerCase());

/** Whether a search text finds this tag: the tag contains it, case-insensitively. */
export function tagMatchesSearch(tag: string, text: string): boolean {
  const needle = tagSearchNeedle(text);
  return needle === '' || (TAG_ALPHABET.test(needle) && tag.includes(needle));
}
