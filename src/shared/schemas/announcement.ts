import { z } from 'zod';
import { ANNOUNCEMENT_DESCRIPTION_MAX, ANNOUNCEMENT_TITLE_MAX } from '../constants.ts';
import { baseEditedAtSchema, requiredMarkdown, requiredText } from './common.ts';

export const announcementSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  descriptionHtml: z.string(),
  photo: z.string().nullable(),
  name: z.string(),
  time: z.string(),
  /** The last edit's time; null: never edited. An editor sends it back as `baseEditedAt`. */
  editedAt: z.string().nullable(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const createAnnouncementInputSchema = z.object({
  title: requiredText('Title is required').max(ANNOUNCEMENT_TITLE_MAX),
  description: requiredMarkdown('Description is required').max(ANNOUNCEMENT_DESCRIPTION_MAX),
});
export type CreateAnnouncementInput = z.infer<typeof createAnnouncementInputSchema>;

/**
 * PATCH announcement-data/{id}: a new title and/or text; with `baseEditedAt`, only if the
 * announcement is still the version the editor started from (409 CONFLICT otherwise), as a
 * post's edit.
 */
export const updateAnnouncementInputSchema = createAnnouncementInputSchema
  .partial()
  .extend({ baseEditedAt: baseEditedAtSchema })
  .refine((input) => input.title !== undefined || input.description !== undefined, { message: 'Change at least one field' });
export type UpdateAnnouncementInput = z.infer<typeof updateAnnouncementInputSchema>;
