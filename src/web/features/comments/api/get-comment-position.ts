// Where a comment sits in its post's list (oldest first), so a link to it (`#comment-{id}`)
// can open the page that holds it: the list is read in the largest pages the API allows
// until the comment is found. -1 when it is not there (deleted since the link was made).
import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT } from '#shared/constants.ts';
import { getComments } from './get-comments.ts';
import { commentKeys } from './query-keys.ts';

export async function getCommentPosition(postId: string, commentId: string, signal?: AbortSignal): Promise<number> {
  for (let page = 0; ; page += 1) {
    const { items, total } = await getComments(postId, { page, limit: MAX_PAGE_LIMIT }, signal);
    const index = items.findIndex((item) => item._id === commentId);
    if (index >= 0) return page * MAX_PAGE_LIMIT + index;
    if (items.length === 0 || (page + 1) * MAX_PAGE_LIMIT >= total) return -1;
  }
}

export const useCommentPosition = (postId: string, commentId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: commentKeys.position(postId, commentId ?? ''),
    queryFn: ({ signal }) => getCommentPosition(postId, commentId ?? '', signal),
    enabled: enabled && commentId !== null,
    meta: { public: true },
  });
