// The `announcement` live event: the bell's count rises at once (the event carries the new
// total) and the announcement lists are fetched again.
import { useQueryClient } from '@tanstack/react-query';
import type { Page } from '#shared/page.ts';
import type { Announcement } from '#shared/schemas/announcement.ts';
import { useLiveEvent } from '#web/lib/live-events.ts';
import { announcementCountQueryOptions } from './get-announcements.ts';
import { announcementKeys } from './query-keys.ts';

export function useLiveAnnouncements(): void {
  const queryClient = useQueryClient();
  useLiveEvent('announcement', ({ total, ...announcement }) => {
    const countKey = announcementCountQueryOptions().queryKey;
    queryClient.setQueryData<Page<Announcement>>(countKey, { items: [announcement], total });
    void queryClient.invalidateQueries({
      queryKey: announcementKeys.pages(),
      predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(countKey),
    });
  });
}
