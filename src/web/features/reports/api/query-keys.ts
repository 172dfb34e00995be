import type { PaginationQuery } from '#shared/schemas/common.ts';

export const reportKeys = {
  all: ['reports'] as const,
  page: (page: PaginationQuery) => [...reportKeys.all, 'page', page] as const,
};

/** Other admin lists a ban changes: the user table (features/manage-users) and the site totals (features/admin). */
export const BAN_AFFECTED_KEYS = [['admin-users'], ['admin', 'stats']] as const;
