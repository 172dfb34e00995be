import {
  fold,
  identifierSuffixStarts,
  identifierTerm,
  isIdentifierTerm,
  termMatches,
  wholeCharacterEnd,
  type QueryTerm,
} from './search-terms.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

// The words and identifiers of search-terms.ts, read in the text as it is shown: fold() drops
// combining marks before splitting, so a mark that stays apart after NFC (a Devanagari vowel
// sign, a Hebrew point, an Arabic vowel) belongs to the word around it here too.
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const IDENTIFIER = /[\p{L}\p{M}\p{N}_]+(?:(?:::|\.|->)[\p{L}\p{M}\p{N}_]+)*(?:\+\+|#)?/gu;

/** API.md: a snippet is at most this many characters of text. */
export const SNIPPET_MAX = 300;
/** How much text comes before the first match, so it is read in context. */
const LEAD = 60;

/** Where the query's terms occur in a text, as [start, end) ranges in order, up to `span` characters past the first. */
function matchedRanges(text: string, terms: readonly QueryTerm[], span = SNIPPET_MAX): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const matches = (term: string) => terms.some((q) => termMatches(q, term));
  // Only an identifier looked for can be found at the end of another.
  const endings = terms.some((q) => q.kind !== 'phrase' && isIdentifierTerm(q.term));
  for (const m of text.matchAll(IDENTIFIER)) {
    const start = m.index;
    // Only the passage after the first match is shown.
    if (ranges.length > 0 && start > ranges[0]![0] + span) break;
    const folded = fold(m[0]);
    const identifier = identifierTerm(folded);
    if (identifier === null) {
      // A plain word (the common case): no symbol, so it is one word.
      if (!folded.includes('_')) {
        if (matches(folded)) ranges.push([start, start + m[0].length]);
        continue;
      }
    } else if (matches(identifier)) {
      ranges.push([start, start + m[0].length]);
      continue;
    } else if (endings) {
      // Found by an identifier it ends with (`push_back` in `v.push_back`): that part is marked.
      const from = identifierSuffixStarts(m[0]).find((s) => matches(identifierTerm(fold(m[0].slice(s))) ?? ''));
      if (from !== undefined) {
        ranges.push([start + from, start + m[0].length]);
        continue;
      }
    }
    for (const w of m[0].matchAll(WORD)) {
      if (matches(fold(w[0]))) ranges.push([start + w.index, start + w.index + w[0].length]);
    }
  }
  return ranges;
}

/**
 * The passage of a text around the first match, at most SNIPPET_MAX characters, as HTML whose
 * only element is <mark> around the matched words; everything else is escaped.
 */
export function snippetOf(text: string, terms: readonly QueryTerm[]): string {
  const source = text.normalize('NFC');
  const ranges = matchedRanges(source, terms);
  let start = 0;
  if (ranges.length > 0 && ranges[0]![0] > LEAD) {
    // Begin at a word boundary a little before the first match.
    const space = source.indexOf(' ', ranges[0]![0] - LEAD);
    start = space >= 0 && space < ranges[0]![0] ? space + 1 : ranges[0]![0];
  }
  const before = start > 0 ? '…' : '';
  let end = Math.min(source.length, start + SNIPPET_MAX - before.length);
  let after = '';
  if (end < source.length) {
    after = '…';
    end = start + SNIPPET_MAX - before.length - after.length;
    // Do not cut a match in half, but for the first when it is longer than the passage (a pasted
    // blob, a run of text with no space): its start is shown rather than none of it.
    const cut = ranges.find(([s, e]) => s < end && e > end);
    if (cut && cut !== ranges[0]) end = cut[0];
    // Nor a character of two code units (an emoji): half of it shows as "�".
    else end = wholeCharacterEnd(source, end);
  }
  return `${before}${marked(source, ranges, start, end)}${after}`;
}

/** source[start, end) as escaped HTML, the ranges in it within <mark>. */
function marked(source: string, ranges: ReadonlyArray<[number, number]>, start: number, end: number): string {
  let html = '';
  let at = start;
  for (const [s, e] of ranges) {
    if (s >= end) break;
    if (s < at) continue;
    const shown = Math.min(e, end);
    html += `${escapeHtml(source.slice(at, s))}<mark>${escapeHtml(source.slice(s, shown))}</mark>`;
    at = shown;
  }
  return html + escapeHtml(source.slice(at, end));
}

/**
 * A short text whole (a post's title), as HTML whose only element is <mark> around the matched
 * words, as in a snippet; everything else is escaped.
 */
export function markedHtml(text: string, terms: readonly QueryTerm[]): string {
  const source = text.normalize('NFC');
  return marked(source, matchedRanges(source, terms, source.length), 0, source.length);
}
