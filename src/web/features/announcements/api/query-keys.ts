import type { PaginationQuery } from '#shared/schemas/common.ts';

// Every announcement query starts with announcementKeys.all: publishing one invalidates
// that key, which refreshes the bell badge and the home column together.
export const announcementKeys = {
  all: ['announcements'] as const,
  pages: () => [...announcementKeys.all, 'page'] as const,
  page: (page: PaginationQuery) => [...announcementKeys.pages(), page] as const,
};
