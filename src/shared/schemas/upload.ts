import { z } from 'zod';

/** POST /api/uploads/image answers in the shape the original image host used. */
export const uploadImageResponseSchema = z.object({
  data: z.object({ display_url: z.string() }),
});
export type UploadImageResponse = z.infer<typeof uploadImageResponseSchema>;
