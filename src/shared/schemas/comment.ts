import { z } from 'zod';
import { COMMENT_MAX } from '../constants.ts';
import { baseEditedAtSchema, requiredMarkdown } from './common.ts';

/** A comment that is empty, or shows nothing once rendered (the server's check). */
export const COMMENT_REQUIRED = 'Comment is required';

export const createCommentInputSchema = z.object({
  postId: z.string().trim().min(1).max(64),
  comment: requiredMarkdown(COMMENT_REQUIRED).max(COMMENT_MAX, `Comment must be at most ${COMMENT_MAX} characters`),
});
export type CreateCommentInput = z.infer<typeof createCommentInputSchema>;

/** What anyone sees of a comment under a post: no emails. */
export const publicCommentSchema = z.object({
  _id: z.string(),
  comment: z.string(),
  commenter_name: z.string(),
  commenter_photo: z.string().nullable(),
  createdAt: z.string(),
  postId: z.string(),
  authorId: z.string(),
  /** Present, true, when the writer was banned: the comment stays under their name, but they have no profile. */
  authorBanned: z.boolean().optional(),
  commentHtml: z.string(),
  editedAt: z.string().nullable(),
});
export const commentRevisionSchema = z.object({
  _id: z.string(),
  comment: z.string(),
  commentHtml: z.string(),
  editedAt: z.string(),
  editor: z.object({ name: z.string() }),
});
export type CommentRevision = z.infer<typeof commentRevisionSchema>;
export type PublicComment = z.infer<typeof publicCommentSchema>;

/** Every field of SPEC.md §3, for the post owner's comment details and for admins. */
export const commentSchema = publicCommentSchema.extend({
  commenter_email: z.string(),
  post_owner_name: z.string(),
  post_owner_email: z.string(),
  /** Whether this comment has already been reported. */
  reported: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentCountsInputSchema = z.object({
  postIds: z.array(z.string().min(1).max(64)).max(100, 'At most 100 post ids'),
});
export const commentCountSchema = z.object({ postId: z.string(), commentCount: z.number().int() });
export const postIdParamsSchema = z.object({ postId: z.string().min(1).max(64) });

/**
 * PATCH comment-data/{id}: the new text, under the rules of writing one; with `baseEditedAt`, only
 * if the comment is still the version the editor started from.
 */
export const updateCommentInputSchema = createCommentInputSchema.pick({ comment: true }).extend({ baseEditedAt: baseEditedAtSchema });
export type UpdateCommentInput = z.infer<typeof updateCommentInputSchema>;
