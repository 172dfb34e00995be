import type { PaginationQuery } from '#shared/schemas/common.ts';

export const manageUserKeys = {
  all: ['admin-users'] as const,
  pages: () => [...manageUserKeys.all, 'page'] as const,
  page: ({ page, limit }: PaginationQuery, search: string) => [...manageUserKeys.pages(), { page, limit, search }] as const,
};
