export const manageUserKeys = {
  all: ['admin-users'] as const,
  pages: () => [...manageUserKeys.all, 'page'] as const,
  page: (page: number, limit: number, search: string) => [...manageUserKeys.pages(), { page, limit, search }] as const,
};
