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

export const tagSchema = z.object({ _id: z.string(), tag: z.string() });
export type Tag = z.infer<typeof tagSchema>;

export const createTagInputSchema = z.object({ tag: tagTextSchema });
export type CreateTagInput = z.infer<typeof createTagInputSchema>;

export const renameTagInputSchema = createTagInputSchema;
export type RenameTagInput = z.infer<typeof renameTagInputSchema>;

/** `moveTo`: the id of the tag that takes the posts of the removed one (required when it has posts). */
export const deleteTagQuerySchema = z.object({ moveTo: z.string().min(1).max(64).optional() });
