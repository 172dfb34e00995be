import type { QueryKey } from '@tanstack/react-query';
import type { PaginationQuery } from '#shared/schemas/common.ts';

// The three home list keys share one type, so the list can switch between their options.

export const postKeys = {
  all: ['posts'] as const,
  lists: () => [...postKeys.all, 'list'] as const,
  newest: (page: PaginationQuery): QueryKey => [...postKeys.lists(), 'newest', page] as const,
  popular: (page: PaginationQuery): QueryKey => [...postKeys.lists(), 'popularity', page] as const,
  search: (search: string, page: PaginationQuery): QueryKey => [...postKeys.lists(), 'search', { search, ...page }] as const,
  details: () => [...postKeys.all, 'detail'] as const,
  detail: (id: string) => [...postKeys.details(), id] as const,
};
