import type { PaginationQuery } from '#shared/schemas/common.ts';

// Keys of a member's own posts. Everything about one member's posts (the profile cards,
// the paged table, the post count the Add Post page checks) lives under
// ['member-posts', email], so writing or deleting a post refreshes all of it at once.
export const memberPostKeys = {
  all: ['member-posts'] as const,
  ofMember: (email: string) => [...memberPostKeys.all, email] as const,
  profile: (email: string) => [...memberPostKeys.ofMember(email), 'profile'] as const,
  page: (email: string, page: PaginationQuery) => [...memberPostKeys.ofMember(email), 'page', page] as const,
};
