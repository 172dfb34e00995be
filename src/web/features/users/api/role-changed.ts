// What a promotion or a demotion changes in the browser's cache: the member's row in every
// cached page of Manage Users, and their reported comments' rows in the report queue (whose
// Ban User button follows the commenter's role), at once; then both are read again.
import type { QueryClient } from '@tanstack/react-query';
import type { Role } from '#shared/constants.ts';
import type { Page } from '#shared/page.ts';
import type { Report } from '#shared/schemas/report.ts';
import type { User } from '#shared/schemas/user.ts';
import { reportKeys } from '#web/features/reports/api/query-keys.ts';
import { userKeys } from './query-keys.ts';

export function roleChanged(queryClient: QueryClient, email: string, role: Role): void {
  queryClient.setQueriesData<Page<User>>(
    { queryKey: userKeys.pages() },
    (page) => page && { ...page, items: page.items.map((u) => (u.email === email ? { ...u, role } : u)) },
  );
  queryClient.setQueriesData<Page<Report>>(
    { queryKey: reportKeys.pages() },
    (page) => page && { ...page, items: page.items.map((r) => (r.commenter_email === email ? { ...r, commenter_role: role } : r)) },
  );
  void queryClient.invalidateQueries({ queryKey: userKeys.all });
  void queryClient.invalidateQueries({ queryKey: reportKeys.all });
}

/**
 * A promotion or a demotion refused: the member may have been banned, or their role changed, by
 * another admin since the page was read; the rows are read again rather than offering the same
 * refusal once more.
 */
export function roleChangeRefused(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: userKeys.all });
}
