// The home list's source (SPEC.md §4): a submitted search shows the tag search results
// (empty results empty the list), in the chosen order; otherwise sort "popularity" shows the
// popular list and no sort the newest list. Each source is one paged call.
import type { PaginationQuery } from '#shared/schemas/common.ts';
import { popularPostsQueryOptions } from './get-popular-posts.ts';
import { postsQueryOptions } from './get-posts.ts';
import { searchPostsQueryOptions } from './search-posts-by-tag.ts';

export const SORTS = ['', 'popularity'] as const;
export type Sort = (typeof SORTS)[number];

export interface HomeListQuery extends PaginationQuery {
  /** The submitted search text; null when no search was made. */
  search: string | null;
  sort: Sort;
}

export type HomeListSource = 'search' | 'popularity' | 'newest';

export const homeListSource = ({ search, sort }: Pick<HomeListQuery, 'search' | 'sort'>): HomeListSource =>
  search !== null ? 'search' : sort === 'popularity' ? 'popularity' : 'newest';

export function homePostsQueryOptions(query: HomeListQuery) {
  const page = { page: query.page, limit: query.limit };
  switch (homeListSource(query)) {
    case 'search':
      return searchPostsQueryOptions(query.search ?? '', page, query.sort === 'popularity' ? 'popularity' : 'newest');
    case 'popularity':
      return popularPostsQueryOptions(page);
    case 'newest':
      return postsQueryOptions(page);
  }
}
