export const announcementKeys = {
  all: ['announcements'] as const,
  count: () => [...announcementKeys.all, 'count'] as const,
};
