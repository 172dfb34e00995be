import { z } from 'zod';
import { POST_DESCRIPTION_MAX } from '../constants.ts';

/** POST /api/markdown/preview: the same bounds as a post's description. */
export const markdownPreviewInputSchema = z.object({
  markdown: z.string().max(POST_DESCRIPTION_MAX, `Text must be at most ${POST_DESCRIPTION_MAX} characters`),
});
export const markdownPreviewSchema = z.object({ html: z.string() });
