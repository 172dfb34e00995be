import type { PaginationQuery } from '#shared/schemas/common.ts';

// Every comment query of a post starts with commentKeys.ofPost(postId): a new comment
// refreshes the pages under the post and the owner's comment details together.
export const commentKeys = {
  all: ['comments'] as const,
  ofPost: (postId: string) => [...commentKeys.all, 'post', postId] as const,
  page: (postId: string, page: PaginationQuery) => [...commentKeys.ofPost(postId), page] as const,
  /** The place of one comment in the post's list, for a link to it. */
  position: (postId: string, commentId: string) => [...commentKeys.ofPost(postId), 'position', commentId] as const,
  /** The owner's view of the comments on their post (emails, whether each is reported). */
  detailPages: (postId: string) => [...commentKeys.ofPost(postId), 'details'] as const,
  detailPage: (postId: string, page: PaginationQuery) => [...commentKeys.detailPages(postId), page] as const,
  /** A comment's earlier versions: an edit refreshes them. */
  revisionsOf: (commentId: string) => [...commentKeys.all, 'revisions', commentId] as const,
  revisions: (commentId: string, page: PaginationQuery) => [...commentKeys.revisionsOf(commentId), page] as const,
};
