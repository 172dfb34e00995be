import { COMMENT_PREVIEW_LENGTH } from '#shared/constants.ts';

export interface CommentPreview {
  text: string;
  truncated: boolean;
}

/**
 * SPEC.md §2: a comment over 20 characters is cut to its first 20 followed by "..".
 * Characters are counted as people see them (an emoji is one), never split in half.
 */
export function previewComment(comment: string, length: number = COMMENT_PREVIEW_LENGTH): CommentPreview {
  const characters = Array.from(comment);
  if (characters.length <= length) return { text: comment, truncated: false };
  return { text: `${characters.slice(0, length).join('')}..`, truncated: true };
}
