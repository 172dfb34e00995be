export const reportKeys = {
  all: ['reports'] as const,
  page: (page: number, limit: number) => [...reportKeys.all, 'page', { page, limit }] as const,
};

/** Other admin lists a ban changes: the user table (features/manage-users) and the site totals (features/admin). */
export const BAN_AFFECTED_KEYS = [['admin-users'], ['admin', 'stats']] as const;
