// GET /api/announcement-data?page&limit: the newest announcements, one page; the total in
// X-Total-Count is the number on the bell badge (API.md "announcement-data").
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Announcement } from '#shared/schemas/announcement.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import { getPage } from '#web/lib/api-client.ts';
import { announcementKeys } from './query-keys.ts';

/** The home column shows the newest ones. */
export const HOME_ANNOUNCEMENTS = 10;

export const getAnnouncements = ({ page, limit }: PaginationQuery, signal?: AbortSignal) =>
  getPage<Announcement>('/announcement-data', { page, limit }, signal);

const announcementPageQueryOptions = (page: PaginationQuery) =>
  queryOptions({
    queryKey: announcementKeys.page(page),
    queryFn: ({ signal }) => getAnnouncements(page, signal),
    meta: { public: true },
  });

export const announcementsQueryOptions = (page: PaginationQuery = { page: 0, limit: HOME_ANNOUNCEMENTS }) =>
  queryOptions({ ...announcementPageQueryOptions(page), select: (answer) => answer.items });

export const useAnnouncements = () => useQuery(announcementsQueryOptions());

/** The bell's number: the total of a one-item page. */
export const announcementCountQueryOptions = () =>
  queryOptions({ ...announcementPageQueryOptions({ page: 0, limit: 1 }), select: (answer) => answer.total });

export const useAnnouncementCount = () => useQuery(announcementCountQueryOptions());
