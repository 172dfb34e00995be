export const commentKeys = {
  all: ['comments'] as const,
  post: (postId: string) => [...commentKeys.all, 'post', postId] as const,
  page: (postId: string, page: { page: number; limit: number }) => [...commentKeys.post(postId), page] as const,
};
