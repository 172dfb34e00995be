// The post count sits under the member-posts root (['member-posts', email], features/my-posts),
// so creating or deleting a post refreshes it with the member's lists.
export const addPostKeys = {
  postCount: (email: string) => ['member-posts', email, 'count'] as const,
  /** The tag vocabulary, under the ['tags'] root that adding a tag refreshes. */
  tagOptions: () => ['tags', 'options'] as const,
};

/** Roots refreshed by a new post: the member's lists and count, and the public post lists. */
export const POSTS_WRITTEN_KEYS = [['member-posts'], ['posts']] as const;
