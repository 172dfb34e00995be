import { z } from 'zod';
import { REPORT_FEEDBACKS } from '../constants.ts';

export const feedbackSchema = z.enum(REPORT_FEEDBACKS, { error: 'Pick one of the feedback options' });

export const createReportInputSchema = z.object({
  commentId: z.string().trim().min(1).max(64),
  ReportedComment: feedbackSchema,
});
export type CreateReportInput = z.infer<typeof createReportInputSchema>;

/** A report as admins see it: the comment's fields, its id, and the chosen feedback. */
export const reportSchema = z.object({
  _id: z.string(),
  commentId: z.string(),
  comment: z.string(),
  /** The comment's rendered HTML (API.md "Markdown"), of the text as it was reported. */
  commentHtml: z.string(),
  commenter_name: z.string(),
  commenter_email: z.string(),
  /** Lets the queue disable "Ban User" for administrators, who cannot be banned. */
  commenter_role: z.enum(['Client', 'Admin']),
  commenter_photo: z.string().nullable(),
  /** The commenter's member id (API.md: every comment carries its author's, so the name can link to the profile). */
  authorId: z.string(),
  createdAt: z.string(),
  postId: z.string(),
  post_owner_name: z.string(),
  post_owner_email: z.string(),
  ReportedComment: z.string(),
  /** When the report was filed. */
  reportedAt: z.string(),
  /** Who filed it (the owner of the post the comment sits under). */
  reporter: z.object({ name: z.string() }),
});
export type Report = z.infer<typeof reportSchema>;
