import type { PaginationQuery } from '#shared/schemas/common.ts';

export const reportKeys = {
  all: ['reports'] as const,
  pages: () => [...reportKeys.all, 'page'] as const,
  page: (page: PaginationQuery) => [...reportKeys.pages(), page] as const,
  /**
   * A commenter's role, which only the Ban User dialog reads, as it opens. Outside `all`: the
   * refreshes of the queue (a ban's among them) do not ask it again for a commenter just banned.
   */
  commenterRole: (email: string) => ['reports-commenter-role', email] as const,
};
