import { z } from 'zod';
import { POST_DESCRIPTION_MAX } from '../constants.ts';
import { requiredMarkdown } from './common.ts';

/** POST /api/markdown/preview: the same bounds as a post's description, and the same trimming. */
export const markdownPreviewInputSchema = z.object({
  markdown: requiredMarkdown('Text is required').max(POST_DESCRIPTION_MAX, `Text must be at most ${POST_DESCRIPTION_MAX} characters`),
});
export const markdownPreviewSchema = z.object({ html: z.string() });
