// GET /api/announcement-data?page&limit: the newest announcements, one page; the total in
// X-Total-Count is the number on the bell badge (API.md "announcement-data").
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Announcement } from '#shared/schemas/announcement.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import { getPage } from '#web/lib/api-client.ts';
import { announcementKeys } from './query-keys.ts';

/** The home column shows the newest ones. */
export const HOME_ANNOUNCEMENTS = 10;

export const getAnnouncements = ({ page, limit }: PaginationQuery, signal?: AbortSignal) =>
  getPage<Announcement>('/announcement-data', { page, limit }, signal);

/** One page of announcements, with the total (the home column's older ones come a page at a time). */
export const announcementPageQueryOptions = (page: PaginationQuery) =>
  queryOptions({
    queryKey: announcementKeys.page(page),
    queryFn: ({ signal }) => getAnnouncements(page, signal),
    meta: { public: true },
  });

/** A page of Make Announcement's list: the page shown stays while the next one comes. */
export const useAnnouncementPage = (page: PaginationQuery) =>
  useQuery({ ...announcementPageQueryOptions(page), placeholderData: keepPreviousData });

/**
 * The home column's first `pages` pages of HOME_ANNOUNCEMENTS, newest first: the first is the
 * one the server painted; the older ones are fetched as the reader asks for them, together, the
 * ones shown staying while the next comes. The items run on only as far as the pages have come,
 * with none twice (a page fetched after a new announcement moved the others along may overlap
 * the one before it for a moment). Two queries, not useQueries: its observer would be code in
 * the first view of home, whose budget (DESIGN.md) has no room for it.
 */
export function useHomeAnnouncements(pages: number) {
  const first = useQuery(announcementPageQueryOptions({ page: 0, limit: HOME_ANNOUNCEMENTS }));
  const older = useQuery({
    queryKey: announcementKeys.homeOlder(pages),
    queryFn: ({ signal }) =>
      Promise.all(Array.from({ length: pages - 1 }, (_, i) => getAnnouncements({ page: i + 1, limit: HOME_ANNOUNCEMENTS }, signal))),
    enabled: pages > 1,
    placeholderData: keepPreviousData,
    meta: { public: true },
  });
  const items: Announcement[] = [];
  const seen = new Set<string>();
  for (const page of [first.data, ...(pages > 1 ? (older.data ?? []) : [])]) {
    if (!page) break;
    for (const item of page.items) {
      if (seen.has(item._id)) continue;
      seen.add(item._id);
      items.push(item);
    }
  }
  return {
    first,
    items,
    total: first.data?.total ?? 0,
    loadingOlder: pages > 1 && (older.isPending || older.isPlaceholderData),
    olderError: pages > 1 && older.isError ? older.error : null,
    retryOlder: () => void older.refetch(),
  };
}

/** The bell's number: the total of a one-item page. */
export const announcementCountQueryOptions = () =>
  queryOptions({ ...announcementPageQueryOptions({ page: 0, limit: 1 }), select: (answer) => answer.total });

export const useAnnouncementCount = () => useQuery(announcementCountQueryOptions());
