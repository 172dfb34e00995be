// The plain text of the HTML the server stores for a Markdown text (API.md "Markdown"): what
// search indexes and shows, what excerpts and notifications begin with, and what a table cell
// shows of a comment in the browser (its Markdown would show there as the symbols typed).

import { hasVisibleText } from './schemas/common.ts';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The text of stored HTML: a block's end and a line break become a space, tags go, entities are
 * decoded and whitespace collapses. Only for HTML renderMarkdown wrote (its tags are well formed
 * and its only text is text), where this does what an HTML parser would at a fraction of the
 * cost: it runs on every write.
 */
export function textOfHtml(html: string): string {
  return html
    .replace(/<\/(p|h[1-6]|li|pre|blockquote|tr|td|th)>|<br\s*\/?>/g, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Whether stored HTML shows nothing: no image, and no text once what cannot be seen is left out
 * (Markdown such as `&#8203;`, `&shy;` or a link definition alone renders so). A text a field
 * requires that shows nothing is as good as an empty one.
 */
export const showsNothing = (html: string): boolean => !html.includes('<img') && !hasVisibleText(textOfHtml(html));

const EXCERPT_LENGTH = 200;

/** The first `length` (200) characters of the text as plain text: no markup, whitespace collapsed. */
export function excerptOf(html: string, length = EXCERPT_LENGTH): string {
  const text = textOfHtml(html);
  if (text.length <= length) return text;
  // Not between the two halves of a character (an emoji): half of one is stored as "�".
  const end = /[\uD800-\uDBFF]/.test(text[length - 2] ?? '') ? length - 2 : length - 1;
  return `${text.slice(0, end).trimEnd()}…`;
}
