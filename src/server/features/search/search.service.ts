import { SEARCH_COUNT_MAX } from '#shared/constants.ts';
import { textOfHtml } from '#shared/html-text.ts';
import type { Page } from '#shared/page.ts';
import type { SearchHit, SearchQuery } from '#shared/schemas/search.ts';
import type { Db } from '../../db/schema.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { offsetOf } from '../../lib/pagination.ts';
import { authorFilterTerm, parseQuery, tagFilterTerm } from './search-terms.ts';
import { markedHtml, snippetOf } from './search-snippet.ts';
import { countMatches, expandPrefixes, hitRows, memberIdsNamed, newestMatches, type Search } from './search.queries.ts';

const none: Page<SearchHit> = { items: [], total: 0 };

/**
 * GET /api/search (API.md "Search"). With sort=relevance, the matches whose title has every
 * word come first, then the others, each newest first.
 */
export async function search(db: Db, query: SearchQuery): Promise<Page<SearchHit>> {
  const parsed = parseQuery(query.q);
  if (parsed.contradictory || (parsed.terms.length === 0 && !parsed.tag && !parsed.author)) return none;
  const authors = parsed.author ? (await memberIdsNamed(db, parsed.author)).map(authorFilterTerm) : [];
  if (parsed.author && authors.length === 0) return none;
  const filters = { tag: parsed.tag ? tagFilterTerm(parsed.tag) : null, authors };
  const asked: Search = { query: parsed, filters, expansions: await expandPrefixes(db, parsed) };
  // Every word must match: one that starts no indexed word matches nothing.
  if ([...asked.expansions.values()].some((words) => words.length === 0)) return none;

  const offset = offsetOf(query);
  // Counted one past the cap, so exactly SEARCH_COUNT_MAX is told from more; pages stop at the cap.
  const total = await countMatches(db, asked, 'all', SEARCH_COUNT_MAX + 1);
  const limit = Math.min(query.limit, Math.min(total, SEARCH_COUNT_MAX) - offset);
  if (limit <= 0) return { items: [], total };
  let pageIds: number[];
  if (query.sort === 'newest' || parsed.terms.length === 0) {
    pageIds = await newestMatches(db, asked, 'all', { offset, limit });
  } else {
    pageIds = await newestMatches(db, asked, 'title', { offset, limit });
    if (pageIds.length < limit) {
      // The title hits end on this page (or before it): the others follow them.
      const inTitle = pageIds.length > 0 ? offset + pageIds.length : await countMatches(db, asked, 'title', offset);
      const rest = { offset: Math.max(0, offset - inTitle), limit: limit - pageIds.length };
      pageIds.push(...(await newestMatches(db, asked, 'not-title', rest)));
    }
  }
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
      // A comment is found by its own words, never by its post's title: that is shown unmarked.
      titleHtml: row.commentId === null ? markedHtml(row.title, parsed.terms) : escapeHtml(row.title),
      snippet: snippetOf(textOfHtml(row.html), parsed.terms),
      category: row.category,
      name: row.name,
      photo: row.image,
      time: row.createdAt,
    });
  }
  return { items, total };
}
