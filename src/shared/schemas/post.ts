import { z } from 'zod';
import { POST_DESCRIPTION_MAX, POST_TITLE_MAX } from '../constants.ts';
import { baseEditedAtSchema, requiredMarkdown, requiredText } from './common.ts';
import { tagTextSchema } from './tag.ts';

export const voteDirectionSchema = z.enum(['up', 'down']);
export type VoteDirection = z.infer<typeof voteDirectionSchema>;

/** A post as every list and the detail answer it; the author's email never leaves the server here. */
export const postSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  name: z.string(),
  photo: z.string().nullable(),
  time: z.string(),
  upVote: z.number().int(),
  downVote: z.number().int(),
  commentCount: z.number().int(),
  authorId: z.string(),
  /** Present, true, when the author was banned: the post stays under their name, but they have no profile. */
  authorBanned: z.boolean().optional(),
  descriptionHtml: z.string(),
  excerpt: z.string(),
  editedAt: z.string().nullable(),
});
export type Post = z.infer<typeof postSchema>;
export const postRevisionSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  descriptionHtml: z.string(),
  category: z.string(),
  editedAt: z.string(),
  editor: z.object({ name: z.string() }),
});
export type PostRevision = z.infer<typeof postRevisionSchema>;

export const postDetailSchema = postSchema.extend({
  myVote: voteDirectionSchema.nullable(),
  /** Whether the viewer may delete this post (owner or admin). */
  canDelete: z.boolean(),
});
export type PostDetail = z.infer<typeof postDetailSchema>;

/** A description that is empty, or shows nothing once rendered (the server's check). */
export const DESCRIPTION_REQUIRED = 'Description is required';

export const createPostInputSchema = z.object({
  title: requiredText('Title is required').max(POST_TITLE_MAX, `Title must be at most ${POST_TITLE_MAX} characters`),
  description: requiredMarkdown(DESCRIPTION_REQUIRED).max(
    POST_DESCRIPTION_MAX,
    `Description must be at most ${POST_DESCRIPTION_MAX} characters`,
  ),
  category: z.string({ error: 'Tag is required' }).trim().min(1, 'Tag is required').pipe(tagTextSchema),
});
export type CreatePostInput = z.infer<typeof createPostInputSchema>;

export const voteResultSchema = z.object({
  modifiedCount: z.number().int(),
  upVote: z.number().int(),
  downVote: z.number().int(),
  myVote: voteDirectionSchema.nullable(),
});
export type VoteResult = z.infer<typeof voteResultSchema>;

export const searchByTagQuerySchema = z.object({
  search: z.string().trim().max(60).optional().default(''),
  /** The order of post-data/popularity, or newest first (the default). */
  sort: z.enum(['newest', 'popularity']).optional().default('newest'),
});

/**
 * PATCH post-data/{id}: any of the fields of a new post, under the same rules; at least one. With
 * `baseEditedAt`, only if the post is still the version the editor started from.
 */
export const updatePostInputSchema = createPostInputSchema
  .partial()
  .extend({ baseEditedAt: baseEditedAtSchema })
  .refine(({ title, description, category }) => [title, description, category].some((value) => value !== undefined), {
    message: 'Change at least one field',
  });
export type UpdatePostInput = z.infer<typeof updatePostInputSchema>;
