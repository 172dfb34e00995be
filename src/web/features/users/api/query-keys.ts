import type { PaginationQuery } from '#shared/schemas/common.ts';

// Every user query starts with userKeys.all: a member's stored record and the admin's
// paged user table.
export const userKeys = {
  all: ['users'] as const,
  detail: (email: string) => [...userKeys.all, 'detail', email] as const,
  /** A member's public profile, by id (`members/{id}`). */
  member: (id: string) => [...userKeys.all, 'member', id] as const,
  pages: () => [...userKeys.all, 'page'] as const,
  page: ({ page, limit }: PaginationQuery, search: string) => [...userKeys.pages(), { page, limit, search }] as const,
};
