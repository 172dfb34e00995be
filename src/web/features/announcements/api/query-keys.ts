// Every announcement query starts with announcementKeys.all: publishing one invalidates
// that key, which refreshes the bell badge and the home column together.
export const announcementKeys = {
  all: ['announcements'] as const,
  count: () => [...announcementKeys.all, 'count'] as const,
  lists: () => [...announcementKeys.all, 'list'] as const,
  list: (page: { page: number; limit: number }) => [...announcementKeys.lists(), page] as const,
};
