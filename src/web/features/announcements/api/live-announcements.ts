// The announcement live events: on `announcement` the bell's count rises at once (the event
// carries the new total), on `announcement-deleted` it falls to the total it carries, and on
// these and `announcement-edited` the announcement lists are fetched again.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Page } from '#shared/page.ts';
import type { Announcement } from '#shared/schemas/announcement.ts';
import { useLiveEvent } from '#web/lib/live-events.ts';
import { announcementCountQueryOptions } from './get-announcements.ts';
import { announcementKeys } from './query-keys.ts';

/** The lists, but not the bell's count: the event gave that. */
function refetchLists(queryClient: QueryClient): void {
  const countKey = JSON.stringify(announcementCountQueryOptions().queryKey);
  void queryClient.invalidateQueries({
    queryKey: announcementKeys.pages(),
    predicate: (query) => JSON.stringify(query.queryKey) !== countKey,
  });
}

export function useLiveAnnouncements(): void {
  const queryClient = useQueryClient();
  const countKey = announcementCountQueryOptions().queryKey;
  useLiveEvent('announcement', ({ total, ...announcement }) => {
    queryClient.setQueryData<Page<Announcement>>(countKey, { items: [announcement], total });
    refetchLists(queryClient);
  });
  useLiveEvent('announcement-edited', () => refetchLists(queryClient));
  useLiveEvent('announcement-deleted', ({ announcementId, total }) => {
    queryClient.setQueryData<Page<Announcement>>(countKey, (page) => ({
      items: (page?.items ?? []).filter((a) => a._id !== announcementId),
      total,
    }));
    refetchLists(queryClient);
  });
}
