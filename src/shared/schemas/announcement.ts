import { z } from 'zod';
import { ANNOUNCEMENT_DESCRIPTION_MAX, ANNOUNCEMENT_TITLE_MAX } from '../constants.ts';
import { requiredMarkdown, requiredText } from './common.ts';

export const announcementSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  descriptionHtml: z.string(),
  photo: z.string().nullable(),
  name: z.string(),
  time: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const createAnnouncementInputSchema = z.object({
  title: requiredText('Title is required').max(ANNOUNCEMENT_TITLE_MAX),
  description: requiredMarkdown('Description is required').max(ANNOUNCEMENT_DESCRIPTION_MAX),
});
export type CreateAnnouncementInput = z.infer<typeof createAnnouncementInputSchema>;

export const updateAnnouncementInputSchema = createAnnouncementInputSchema
  .partial()
  .refine((input) => Object.values(input).some((value) => value !== undefined), { message: 'Change at least one field' });
export type UpdateAnnouncementInput = z.infer<typeof updateAnnouncementInputSchema>;
