// GET /api/announcement-data?page&limit: the newest announcements, one page; the total in
// X-Total-Count is the number on the bell badge (API.md "announcement-data").
import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
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
 * one the server painted; the older ones are fetched as the reader asks for them. The items
 * run on only as far as the pages have come, with none twice (a page fetched again after a new
 * announcement moved the others along may overlap the one before it for a moment).
 */
export function useHomeAnnouncements(pages: number) {
  const results = useQueries({
    queries: Array.from({ length: pages }, (_, page) => announcementPageQueryOptions({ page, limit: HOME_ANNOUNCEMENTS })),
  });
  const first = results[0]!;
  const items: Announcement[] = [];
  const seen = new Set<string>();
  for (const result of results) {
    if (!result.data) break;
    for (const item of result.data.items) {
      if (seen.has(item._id)) continue;
      seen.add(item._id);
      items.push(item);
    }
  }
  return {
    first,
    items,
    total: first.data?.total ?? 0,
    loadingOlder: results.slice(1).some((r) => r.isPending),
    olderError: results.slice(1).find((r) => r.isError)?.error ?? null,
    retryOlder: () => {
      for (const r of results.slice(1)) if (r.isError) void r.refetch();
    },
  };
}

/** The bell's number: the total of a one-item page. */
export const announcementCountQueryOptions = () =>
  queryOptions({ ...announcementPageQueryOptions({ page: 0, limit: 1 }), select: (answer) => answer.total });

export const useAnnouncementCount = () => useQuery(announcementCountQueryOptions());
