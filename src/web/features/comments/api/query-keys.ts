import type { PaginationQuery } from '#shared/schemas/common.ts';

export const commentKeys = {
  all: ['comments'] as const,
  post: (postId: string) => [...commentKeys.all, 'post', postId] as const,
  page: (postId: string, page: PaginationQuery) => [...commentKeys.post(postId), page] as const,
};
