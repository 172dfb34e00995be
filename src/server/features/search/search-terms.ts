/**
 * The words of search, on both engines (docs/decisions/0010-search-terms-made-once.md).
 *
 * Text is turned into index terms here, not by either engine's parser: FTS5's tokenizer and
 * PostgreSQL's text-search parser disagree on what a word is (PostgreSQL reads `node.js` as a
 * host name, both split `snake_case_name`), so each would find different posts. Terms are
 * folded (accents removed, lowercased) and are runs of letters and digits, which both engines
 * keep exactly as given; an identifier (`std::vector`, `node.js`, `C++`, `snake_case_name`)
 * also becomes one term of its own, so it can be found whole.
 *
 * What this module makes is stored: each search document records the SEARCH_TERMS_VERSION it was
 * made with, and documents of an older one are made again in the background at start.
 */

import { withoutTagMark } from '#shared/tag-search.ts';

/**
 * The version of the rule that turns text into index terms. Bump it with every change that makes
 * other terms from the same text: folding, what a word or an identifier is and how it is spelled,
 * TERM_MAX, a document's fields (postDocument, commentDocument), the text taken from the HTML
 * (textOfHtml), or how terms are laid out in the index (tsvectorOf, the FTS5 columns). Documents
 * made with an older version are made again by the catch-up at the next start
 * (search.catch-up.ts, docs/decisions/0022-search-terms-versioned.md); an unchanged version
 * leaves them as they are, and searches then miss what the new rule would find.
 */
export const SEARCH_TERMS_VERSION = 3;

// The rule itself: a change below (to fold, WORD, IDENTIFIER, its suffixes, SPELLING, TERM_MAX or
// the documents) bumps SEARCH_TERMS_VERSION above.

/**
 * Letters Unicode does not decompose into a plain letter and a mark, as a person types them
 * without the key for them (Łódź as lodz, Straße as strasse), and Greek's final sigma as sigma.
 */
const PLAIN_LETTERS: Record<string, string> = {
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ı: 'i',
  ŧ: 't',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
  ς: 'σ',
};
const NOT_DECOMPOSED = /[øłđðħıŧßæœþς]/g;

/** Lowercased, accents removed (é → e, ü → u, ø → o, ß → ss): the form every term takes. */
export function fold(text: string): string {
  // Printable ASCII and spaces (most of what is written here) have no accent to remove.
  if (!/[^ -~\s]/.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(NOT_DECOMPOSED, (c) => PLAIN_LETTERS[c]!);
}

/** A word: a run of letters and digits. */
export const WORD = /[\p{L}\p{N}]+/gu;
/** An identifier: word characters joined by `::`, `.` or `->`, perhaps ending in `++` or `#`. */
export const IDENTIFIER = /[\p{L}\p{N}_]+(?:(?:::|\.|->)[\p{L}\p{N}_]+)*(?:\+\+|#)?/gu;
const SYMBOL = /[_.:>+#-]/;

// An identifier's term spells its symbols with letters after a 0 (a 0 itself doubles), so
// `c++` and `c` stay different terms and no two identifiers share one.
const SPELLING: Record<string, string> = { '0': '00', _: '0u', '.': '0d', ':': '0c', '-': '0h', '>': '0g', '+': '0p', '#': '0s' };
const IDENTIFIER_MARK = 'zq0';

/**
 * A term is at most this many UTF-16 code units: PostgreSQL refuses a word of 2,048 bytes or
 * more in a tsvector or a tsquery, and a code unit is at most three bytes. A longer word (a
 * pasted hash, a long run of one letter) is indexed, and looked for, by its start.
 */
export const TERM_MAX = 500;

const HIGH_SURROGATE = /[\uD800-\uDBFF]/;

/** Where to cut a text at `end` without splitting a character of two code units (an emoji). */
export const wholeCharacterEnd = (text: string, end: number): number => (HIGH_SURROGATE.test(text[end - 1] ?? '') ? end - 1 : end);

/** The term as indexed: its first TERM_MAX code units, a surrogate pair kept whole. */
export function clipTerm(term: string): string {
  return term.length <= TERM_MAX ? term : term.slice(0, wholeCharacterEnd(term, TERM_MAX));
}

/** The one term of an identifier (already folded), or null for a plain word. */
export function identifierTerm(folded: string): string | null {
  if (!SYMBOL.test(folded)) return null;
  return clipTerm(IDENTIFIER_MARK + folded.replace(/[0_.:>+#-]/g, (c) => SPELLING[c]!));
}

/** Where an identifier's parts are joined. */
const JOINER = /::|\.|->/g;
/**
 * An identifier is also found by the identifiers it ends with, from each of its last this many
 * joiners on: `push_back` in `v.push_back`, `emplace_back` and `vector::emplace_back` in
 * `std::vector::emplace_back`, `path.join` in `os.path.join`. Bounded, so a long chain of parts
 * adds a few terms rather than one per part.
 */
const SUFFIXES_MAX = 8;

/** Where the identifiers an identifier ends with begin in it: after each of its last SUFFIXES_MAX joiners. */
export function identifierSuffixStarts(identifier: string): number[] {
  const starts: number[] = [];
  if (!/[.:>]/.test(identifier)) return starts;
  for (const joiner of identifier.matchAll(JOINER)) starts.push(joiner.index + joiner[0].length);
  return starts.length > SUFFIXES_MAX ? starts.slice(-SUFFIXES_MAX) : starts;
}

/** Whether a term is an identifier's (identifierTerm). */
export const isIdentifierTerm = (term: string): boolean => term.startsWith(IDENTIFIER_MARK);

/** Terms of a text for the index: its words in order, then the terms of its identifiers and of those they end with. */
export function indexTerms(text: string): string[] {
  const folded = fold(text);
  const words = folded.match(WORD) ?? [];
  for (let i = 0; i < words.length; i += 1) words[i] = clipTerm(words[i]!);
  const identifiers = new Set<string>();
  for (const match of folded.matchAll(IDENTIFIER)) {
    const term = identifierTerm(match[0]);
    if (!term) continue;
    identifiers.add(term);
    for (const start of identifierSuffixStarts(match[0])) {
      // A plain word (`b` of `a.b`) is among the words already.
      const suffix = identifierTerm(match[0].slice(start));
      if (suffix) identifiers.add(suffix);
    }
  }
  return identifiers.size === 0 ? words : [...words, ...identifiers];
}

/** Filters are terms of their own, kept apart from the words (see SearchDocument.meta). */
const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');
export const tagFilterTerm = (tag: string): string => clipTerm(`zqt${hex(fold(tag.trim()))}`);
export const authorFilterTerm = (memberId: string): string => `zqa${hex(memberId)}`;

/** What is indexed for a post or a comment: one list of terms per field. */
export interface SearchDocument {
  title: string[];
  tag: string[];
  body: string[];
  /** Filter terms only (the tag's and the author's), never matched by words. */
  meta: string[];
}

export function postDocument(post: { title: string; category: string; text: string; authorId: string }): SearchDocument {
  return {
    title: indexTerms(post.title),
    tag: indexTerms(post.category),
    body: indexTerms(post.text),
    meta: [tagFilterTerm(post.category), authorFilterTerm(post.authorId)],
  };
}

/** A comment is found by its own words; its post's tag only filters it. */
export function commentDocument(comment: { text: string; category: string; authorId: string }): SearchDocument {
  return {
    title: [],
    tag: [],
    body: indexTerms(comment.text),
    meta: [tagFilterTerm(comment.category), authorFilterTerm(comment.authorId)],
  };
}

// ——— Queries ———

/** A word matches the terms that start with it; a quoted word only itself; a phrase its words in order. */
export type QueryTerm = { kind: 'prefix' | 'exact'; term: string } | { kind: 'phrase'; terms: string[] };

export interface ParsedQuery {
  terms: QueryTerm[];
  tag: string | null;
  author: string | null;
  /**
   * A filter given twice with two values (`tag:go tag:rust`): filters all hold at once, and a
   * post has one tag and one author, so nothing can match.
   */
  contradictory?: true;
}

/** What one search may ask of the index, whatever it was given. */
export const QUERY_TERMS_MAX = 8;
const PHRASE_TERMS_MAX = 8;
/** A one-letter word would match most of the index as a prefix: it matches whole words only. */
const PREFIX_MIN = 2;

const wordTerm = (term: string): QueryTerm => ({ kind: term.length >= PREFIX_MIN ? 'prefix' : 'exact', term: clipTerm(term) });

/** The terms of one unquoted chunk of a query (`(std::vector)`, `useEffect,`, `lead`). */
function chunkTerms(chunk: string): QueryTerm[] {
  const terms: QueryTerm[] = [];
  for (const match of fold(chunk).matchAll(IDENTIFIER)) {
    const identifier = identifierTerm(match[0]);
    if (identifier) terms.push({ kind: 'prefix', term: identifier });
    else for (const word of match[0].match(WORD) ?? []) terms.push(wordTerm(word));
  }
  return terms;
}

/**
 * Reads what a member typed. Nothing of it reaches an engine as syntax: the terms are runs of
 * letters and digits, and the engine-specific query is built from them (search.queries.ts).
 */
export function parseQuery(input: string): ParsedQuery {
  const parsed: ParsedQuery = { terms: [], tag: null, author: null };
  for (const m of input.matchAll(/(?:(tag|author):)?(?:"([^"]*)"?|([^\s"]+))/gi)) {
    const [, filter, quoted, bare] = m;
    const value = quoted ?? bare ?? '';
    if (filter) {
      const which = filter.toLowerCase() as 'tag' | 'author';
      // A tag as the app shows it (`tag:#rust`) is that tag.
      const given = which === 'tag' ? withoutTagMark(value.trim()) : value.trim();
      if (!given) continue;
      const before = parsed[which];
      if (before !== null && fold(before) !== fold(given)) parsed.contradictory = true;
      parsed[which] = given;
    } else if (quoted !== undefined) {
      const folded = fold(quoted);
      const words = (folded.match(WORD) ?? []).slice(0, PHRASE_TERMS_MAX).map(clipTerm);
      if (words.length === 1) parsed.terms.push({ kind: 'exact', term: words[0]! });
      else if (words.length > 1) parsed.terms.push({ kind: 'phrase', terms: words });
      // A quoted identifier keeps its symbols, as it does unquoted: "C++" is not every word "c".
      for (const match of folded.matchAll(IDENTIFIER)) {
        const identifier = identifierTerm(match[0]);
        if (identifier) parsed.terms.push({ kind: 'prefix', term: identifier });
      }
    } else {
      parsed.terms.push(...chunkTerms(value));
    }
  }
  parsed.terms = dedupe(parsed.terms).slice(0, QUERY_TERMS_MAX);
  return parsed;
}

function dedupe(terms: QueryTerm[]): QueryTerm[] {
  const seen = new Set<string>();
  return terms.filter((t) => {
    const key = t.kind === 'phrase' ? `p:${t.terms.join(' ')}` : `${t.kind}:${t.term}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Whether an indexed term (folded) is matched by a query term (used to mark the snippet). */
export function termMatches(query: QueryTerm, word: string): boolean {
  const term = clipTerm(word);
  if (query.kind === 'phrase') return query.terms.includes(term);
  return query.kind === 'prefix' ? term.startsWith(query.term) : term === query.term;
}
