import type { PaginationQuery } from '#shared/schemas/common.ts';

// Every announcement query starts with announcementKeys.all: publishing one invalidates
// that key, which refreshes the bell badge and the home column together.
export const announcementKeys = {
  all: ['announcements'] as const,
  pages: () => [...announcementKeys.all, 'page'] as const,
  page: (page: PaginationQuery) => [...announcementKeys.pages(), page] as const,
  /** The home column's older pages, 1 to `pages` − 1, together (a live event's refetch of the pages reaches them). */
  homeOlder: (pages: number) => [...announcementKeys.pages(), 'home-older', pages] as const,
};
