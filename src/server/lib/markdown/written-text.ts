import { excerptOf, showsNothing } from '#shared/html-text.ts';
import { badRequest } from '../app-error.ts';
import { renderMarkdown } from './render-markdown.ts';

/** What is stored for a text a member writes: its HTML, and the plain-text excerpt of it. */
export function writtenText(markdown: string): { html: string; excerpt: string } {
  const html = renderMarkdown(markdown);
  return { html, excerpt: excerptOf(html) };
}

/**
 * The HTML of a text the field `field` requires, refused as an empty one is (400, `message`)
 * when it shows nothing: the request's check sees only the Markdown, which may be visible text
 * (`&#8203;`) that renders to nothing.
 */
export function shownOrRefused(html: string, field: string, message: string): string {
  if (showsNothing(html)) throw badRequest(message, [{ path: `body.${field}`, message }]);
  return html;
}
