// GET /api/announcement-data: the newest announcements, one page (the home column).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Announcement } from '#shared/schemas/announcement.ts';
import { api } from '#web/lib/api-client.ts';
import { announcementKeys } from './query-keys.ts';

/** The home column shows the newest ones. */
export const HOME_ANNOUNCEMENTS = 10;

export const getAnnouncements = (page: { page: number; limit: number }, signal?: AbortSignal) =>
  api.get<Announcement[]>('/announcement-data', { query: page, signal });

export const announcementsQueryOptions = (page = { page: 0, limit: HOME_ANNOUNCEMENTS }) =>
  queryOptions({
    queryKey: announcementKeys.list(page),
    queryFn: ({ signal }) => getAnnouncements(page, signal),
    meta: { public: true },
  });

export const useAnnouncements = () => useQuery(announcementsQueryOptions());
