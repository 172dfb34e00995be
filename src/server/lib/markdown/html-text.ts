const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The text of stored HTML, as search indexes it and shows it and as excerpts begin: a block's
 * end and a line break become a space, tags go, entities are decoded and whitespace collapses.
 * Only for HTML renderMarkdown wrote (its tags are well formed and its only text is text), where
 * this does what an HTML parser would at a fraction of the cost: it runs on every write.
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
