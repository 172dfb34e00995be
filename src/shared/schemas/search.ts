import { z } from 'zod';
import { SEARCH_QUERY_MAX } from '../constants.ts';
import { paginationQuerySchema } from './common.ts';

/** GET /api/search (API.md "Search"): the words, the page and the order. */
export const searchQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().min(1, 'Type something to search for').max(SEARCH_QUERY_MAX, `A search is at most ${SEARCH_QUERY_MAX} characters`),
  sort: z.enum(['relevance', 'newest']).optional().default('relevance'),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;
export type SearchSort = SearchQuery['sort'];

/** One hit: a post, or a comment on one (commentId set). */
export const searchHitSchema = z.object({
  type: z.enum(['post', 'comment']),
  postId: z.string(),
  commentId: z.string().nullable(),
  /** The post's title, as text. */
  title: z.string(),
  /** The same title as HTML whose only element is <mark> around the words found in it (a post's only); everything else is escaped text. */
  titleHtml: z.string(),
  /** HTML whose only element is <mark>; everything else is escaped text. */
  snippet: z.string(),
  category: z.string(),
  name: z.string(),
  photo: z.string().nullable(),
  time: z.string(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;
