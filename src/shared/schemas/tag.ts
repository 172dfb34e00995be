import { z } from 'zod';
import { TAG_MAX } from '../constants.ts';
import { TAG_ALPHABET } from '../tag-search.ts';

// API.md: trimmed, lowercased, 1–30 characters from a–z, 0–9 and + # . - (no spaces).
export const tagTextSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Tag is required')
  .max(TAG_MAX, `Tag must be at most ${TAG_MAX} characters`)
  .regex(TAG_ALPHABET, 'Use only letters, digits and + # . - (no spaces)')
  // A tag is a path segment of its feed (/tags/{tag}/feed.xml): these two would name another path.
  .refine((tag) => tag !== '.' && tag !== '..', 'A tag cannot be . or ..');

/**
 * A tag an admin adds or renames also holds a letter or digit: one of punctuation alone (`...`,
 * `-`, `#`) names nothing, and `#` is the search's chip mark (tag-search.ts). Only new names:
 * a tag made before this rule is still a post's `category` and searched for (tagTextSchema).
 */
export const newTagTextSchema = tagTextSchema.refine((tag) => /[a-z0-9]/.test(tag), 'A tag needs at least one letter or digit');

export const tagSchema = z.object({ _id: z.string(), tag: z.string() });
export type Tag = z.infer<typeof tagSchema>;

export const createTagInputSchema = z.object({ tag: newTagTextSchema });
export type CreateTagInput = z.infer<typeof createTagInputSchema>;

export const renameTagInputSchema = createTagInputSchema;
export type RenameTagInput = z.infer<typeof renameTagInputSchema>;

/** `moveTo`: the id of the tag that takes the posts of the removed one (required when it has posts). */
export const deleteTagQuerySchema = z.object({ moveTo: z.string().min(1).max(64).optional() });

/** GET tag-data/{id}/usage: how many posts use the tag, i.e. whether removing it needs `moveTo`. */
export const tagUsageSchema = z.object({ postCount: z.number().int() });
export type TagUsage = z.infer<typeof tagUsageSchema>;
