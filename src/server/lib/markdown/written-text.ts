import { excerptOf } from '#shared/html-text.ts';
import { renderMarkdown } from './render-markdown.ts';

/** What is stored for a text a member writes: its HTML, and the plain-text excerpt of it. */
export function writtenText(markdown: string): { html: string; excerpt: string } {
  const html = renderMarkdown(markdown);
  return { html, excerpt: excerptOf(html) };
}
