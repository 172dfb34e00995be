const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text for an HTML text node or a quoted attribute: what the server writes into HTML itself
 * (the rendered pages' heads, search snippets, the HTML part of mails, code block classes).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
