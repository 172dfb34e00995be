import { z } from 'zod';
import { POST_DESCRIPTION_MAX } from '../constants.ts';
import { requiredMarkdown } from './common.ts';

/** What a text is written for: where it is shown decides the level its `#` heading becomes. */
export const markdownKindSchema = z.enum(['post', 'comment', 'announcement']);
export type MarkdownKind = z.infer<typeof markdownKindSchema>;

/** POST /api/markdown/preview: the same bounds as a post's description, and the same trimming. */
export const markdownPreviewInputSchema = z.object({
  markdown: requiredMarkdown('Text is required').max(POST_DESCRIPTION_MAX, `Text must be at most ${POST_DESCRIPTION_MAX} characters`),
  kind: markdownKindSchema
    .optional()
    .describe(
      'What the text is written for, so its headings start at the level it will be stored with (`#`: post h2, comment h3, announcement h4); post unless told.',
    ),
});
export type MarkdownPreviewInput = z.infer<typeof markdownPreviewInputSchema>;
export const markdownPreviewSchema = z.object({ html: z.string() });
