import type { QueryKey } from '@tanstack/react-query';
import type { PageQuery } from './post-page.ts';

// The three home list keys share one type, so the list can switch between their options.

export const postKeys = {
  all: ['posts'] as const,
  lists: () => [...postKeys.all, 'list'] as const,
  newest: (page: PageQuery): QueryKey => [...postKeys.lists(), 'newest', page] as const,
  popular: (page: PageQuery): QueryKey => [...postKeys.lists(), 'popularity', page] as const,
  search: (search: string, page: PageQuery): QueryKey => [...postKeys.lists(), 'search', { search, ...page }] as const,
  details: () => [...postKeys.all, 'detail'] as const,
  detail: (id: string) => [...postKeys.details(), id] as const,
};
