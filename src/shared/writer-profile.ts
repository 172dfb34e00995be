/**
 * The member whose profile a post's or comment's writer links to, or null when the writer was
 * banned: a banned account has no profile (its page is not found), though what it wrote stays
 * under its name.
 */
export const profileOf = (written: { authorId: string; authorBanned?: boolean }): string | null =>
  written.authorBanned ? null : written.authorId;
