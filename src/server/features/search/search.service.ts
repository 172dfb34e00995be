import type { Page } from '#shared/page.ts';
import type { SearchHit, SearchQuery } from '#shared/schemas/search.ts';
import type { Db } from '../../db/schema.ts';
import { offsetOf } from '../../lib/pagination.ts';
import { authorFilterTerm, parseQuery, tagFilterTerm } from './search-terms.ts';
import { snippetOf, textOfHtml } from './search-snippet.ts';
import { hitRows, memberIdsNamed, newestMatches } from './search.queries.ts';

/**
 * A search looks at most at this many matches, the newest: what it costs is bounded however
 * common its words are, and the count it answers is at most this.
 */
export const SEARCH_MATCHES_MAX = 1000;

const none: Page<SearchHit> = { items: [], total: 0 };

/**
 * GET /api/search (API.md "Search"). With sort=relevance, the matches whose title has every
 * word come first, then the others, each newest first.
 */
export async function search(db: Db, query: SearchQuery): Promise<Page<SearchHit>> {
  const parsed = parseQuery(query.q);
  if (parsed.terms.length === 0 && !parsed.tag && !parsed.author) return none;
  const authors = parsed.author ? (await memberIdsNamed(db, parsed.author)).map(authorFilterTerm) : [];
  if (parsed.author && authors.length === 0) return none;
  const filters = { tag: parsed.tag ? tagFilterTerm(parsed.tag) : null, authors };

  const newest = await newestMatches(db, parsed, 'text', filters, SEARCH_MATCHES_MAX);
  let ordered = newest;
  if (query.sort === 'relevance' && parsed.terms.length > 0 && newest.length > 0) {
    const inTitle = new Set(await newestMatches(db, parsed, 'title', filters, SEARCH_MATCHES_MAX, newest.at(-1)));
    if (inTitle.size > 0) ordered = [...newest.filter((id) => inTitle.has(id)), ...newest.filter((id) => !inTitle.has(id))];
  }
  const offset = offsetOf(query);
  const pageIds = ordered.slice(offset, offset + query.limit);
  const rows = new Map((await hitRows(db, pageIds)).map((row) => [row.id, row]));
  const items: SearchHit[] = [];
  for (const id of pageIds) {
    const row = rows.get(id);
    if (!row) continue;
    items.push({
      type: row.commentId === null ? 'post' : 'comment',
      postId: row.postId,
      commentId: row.commentId,
      title: row.title,
      snippet: snippetOf(textOfHtml(row.html), parsed.terms),
      category: row.category,
      name: row.name,
      photo: row.image,
      time: row.createdAt,
    });
  }
  return { items, total: ordered.length };
}
