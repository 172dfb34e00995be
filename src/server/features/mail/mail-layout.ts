import { escapeHtml } from '../../lib/escape-html.ts';

/**
 * The HTML part around a mail's paragraphs (already escaped HTML): plain markup with inline
 * styles, which every mail client shows, and nothing loaded from elsewhere. A long unbroken word
 * (a name, a title, a link in a comment) wraps rather than widening the mail past the screen.
 */
export function htmlLayout(siteName: string, bodyHtml: string, footerHtml: string): string {
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>',
    '<body style="margin:0;padding:24px;background:#f6f7f9;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2328;overflow-wrap:break-word;word-wrap:break-word;word-break:break-word">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    `<p style="margin:0 0 16px;font-weight:600">${escapeHtml(siteName)}</p>`,
    bodyHtml,
    '</div>',
    `<p style="max-width:560px;margin:16px auto 0;font-size:12px;color:#57606a">${footerHtml}</p>`,
    '</body></html>',
  ].join('\n');
}

/** A link as a button-like anchor (the address is also written out in the text part). */
export function htmlButton(href: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#1f6feb;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(label)}</a></p>`;
}
