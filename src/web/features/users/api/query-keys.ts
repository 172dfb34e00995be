export const userKeys = {
  all: ['users'] as const,
  detail: (email: string) => [...userKeys.all, 'detail', email] as const,
};
