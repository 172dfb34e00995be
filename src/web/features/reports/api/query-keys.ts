import type { PaginationQuery } from '#shared/schemas/common.ts';

export const reportKeys = {
  all: ['reports'] as const,
  page: (page: PaginationQuery) => [...reportKeys.all, 'page', page] as const,
};
