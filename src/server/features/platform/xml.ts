/**
 * Text for an XML document (the sitemap, the feeds): the five special characters escaped, and
 * the characters XML 1.0 cannot hold at all (C0 controls other than tab and newlines, lone
 * surrogates, U+FFFE and U+FFFF) dropped, since a title may carry them and one would make the
 * whole document unreadable.
 */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- matching those characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function xmlText(value: string): string {
  return value.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
