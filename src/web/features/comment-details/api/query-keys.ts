import type { PaginationQuery } from '#shared/schemas/common.ts';

export const commentDetailKeys = {
  all: ['post-comments'] as const,
  ofPost: (postId: string) => [...commentDetailKeys.all, postId] as const,
  page: (postId: string, page: PaginationQuery) => [...commentDetailKeys.ofPost(postId), 'page', page] as const,
  post: (postId: string) => [...commentDetailKeys.ofPost(postId), 'post'] as const,
};

/** Root key of the admin's report queue (features/reports). */
export const REPORT_QUEUE_KEY = ['reports'] as const;
