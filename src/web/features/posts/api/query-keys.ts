import type { QueryKey } from '@tanstack/react-query';
import type { PaginationQuery } from '#shared/schemas/common.ts';

// Every post query starts with postKeys.all, so writing or deleting a post refreshes the
// public lists, the post pages and each member's own lists and count at once.
export const postKeys = {
  all: ['posts'] as const,
  lists: () => [...postKeys.all, 'list'] as const,
  // The three home list keys share one type, so the list can switch between their options.
  newest: (page: PaginationQuery): QueryKey => [...postKeys.lists(), 'newest', page] as const,
  popular: (page: PaginationQuery): QueryKey => [...postKeys.lists(), 'popularity', page] as const,
  search: (search: string, page: PaginationQuery, sort: string = 'newest'): QueryKey =>
    [...postKeys.lists(), 'search', { search, sort, ...page }] as const,
  details: () => [...postKeys.all, 'detail'] as const,
  detail: (id: string) => [...postKeys.details(), id] as const,
  /** Under the post's own key: an edit refreshes the page and its history together. */
  revisions: (id: string, page: PaginationQuery) => [...postKeys.detail(id), 'revisions', page] as const,
  /** A member's own posts: the profile cards, the paged table and the count Add Post checks. */
  members: () => [...postKeys.all, 'member'] as const,
  ofMember: (email: string) => [...postKeys.members(), email] as const,
  memberCards: (email: string) => [...postKeys.ofMember(email), 'cards'] as const,
  memberPage: (email: string, page: PaginationQuery) => [...postKeys.ofMember(email), 'page', page] as const,
  memberCount: (email: string) => [...postKeys.ofMember(email), 'count'] as const,
  /** Anyone's view of a member's posts, by id (`members/{id}/posts`). */
  byAuthor: (authorId: string, page: PaginationQuery) => [...postKeys.lists(), 'author', authorId, page] as const,
};
