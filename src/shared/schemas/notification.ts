import { z } from 'zod';
import { NOTIFICATION_TYPES } from '../constants.ts';

/** A notification as its member reads it (API.md "Notifications"). */
export const notificationSchema = z.object({
  _id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  read: z.boolean(),
  createdAt: z.string(),
  /** Who caused it: the commenter, the announcement's author, or the member (membership). */
  actor: z.object({ name: z.string(), photo: z.string().nullable() }),
  postId: z.string().nullable(),
  commentId: z.string().nullable(),
  /** The post's or announcement's title. */
  title: z.string(),
  /** Plain text: the start of the comment or announcement. */
  text: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** Announcement notifications have ids longer than a UUID (the announcement's and the member's). */
export const notificationIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const notificationSettingsSchema = z.object({
  /** Mail me a `comment` notification (someone commented on my post). */
  emailOnComment: z.boolean(),
  /** Mail me a `reply` notification (someone commented after me). */
  emailOnReply: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const updateNotificationSettingsInputSchema = notificationSettingsSchema
  .partial()
  .refine((input) => Object.values(input).some((value) => value !== undefined), { message: 'Change at least one setting' });
export type UpdateNotificationSettingsInput = z.infer<typeof updateNotificationSettingsInputSchema>;
