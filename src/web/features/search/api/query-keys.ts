import type { SearchQuery } from '#shared/schemas/search.ts';

// Every search query starts with searchKeys.all, so a write that changes what is found can
// refresh every result page at once.
export const searchKeys = {
  all: ['search'] as const,
  results: (query: SearchQuery) => [...searchKeys.all, 'results', query] as const,
};
