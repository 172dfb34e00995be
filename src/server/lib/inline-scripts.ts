import { createHash } from 'node:crypto';

/**
 * The CSP sources (`'sha256-…'`) of the classic inline scripts of a page: our own index.html
 * carries the theme script inline (vite.config.ts), and the policy allows exactly that text and
 * nothing else — no 'unsafe-inline'. Data blocks (`type="application/json"`) are not scripts.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\ssrc=/.test(attributes) || /\stype="(?!text\/javascript|module)/.test(attributes) || body === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}
