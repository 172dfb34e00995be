// A post's comment events on its page. `comment`: the new comment joins the cached pages of that
// post's comments (the last page gains it when it has room; every page's total grows), once: a
// comment already there (the reader's own, fetched again after posting) is left alone.
// `comment-edited`: the comment takes its new text in place. `comment-deleted`: it leaves the
// page and the totals shrink. Neither touches a comment the reader is editing (open-editors.ts):
// it changes once they leave its editor.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Page } from '#shared/page.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import type { PublicComment } from '#shared/schemas/comment.ts';
import { useLiveEvent } from '#web/lib/live-events.ts';
import { editorKeys, whenNotEditing } from '#web/lib/open-editors.ts';
import { commentKeys } from './query-keys.ts';

/** The cached list pages of a post's comments (not its positions or the owner's details). */
function cachedPages(queryClient: QueryClient, postId: string) {
  return queryClient
    .getQueriesData<Page<PublicComment>>({ queryKey: commentKeys.ofPost(postId) })
    .filter(([key, data]) => data !== undefined && key.length === commentKeys.page(postId, { page: 0, limit: 1 }).length)
    .map(([key, data]) => ({ key, page: key.at(-1) as PaginationQuery, data: data! }))
    .filter(({ page }) => typeof page === 'object' && page !== null && 'limit' in page);
}

/**
 * The comments already counted in each client's cached totals without being on a cached page: a
 * comment's event that comes again (appended twice on the way, ADR 0011), or the reader's own
 * comment, whose pages were fetched again after posting, must not be counted a second time.
 */
const countedComments = new WeakMap<QueryClient, Set<string>>();
const countedIn = (queryClient: QueryClient): Set<string> => {
  let counted = countedComments.get(queryClient);
  if (!counted) countedComments.set(queryClient, (counted = new Set()));
  return counted;
};

/** The reader's own new comment: the pages fetched again after posting count it; its event does not. */
export const countedByRefetch = (queryClient: QueryClient, commentId: string): void => void countedIn(queryClient).add(commentId);

export function addLiveComment(queryClient: QueryClient, comment: PublicComment): void {
  const pages = cachedPages(queryClient, comment.postId);
  if (pages.some(({ data }) => data.items.some((item) => item._id === comment._id))) return;
  const counted = countedIn(queryClient);
  if (counted.has(comment._id)) return;
  counted.add(comment._id);
  for (const { key, page, data } of pages) {
    const last = page.page * page.limit + data.items.length === data.total && data.items.length < page.limit;
    queryClient.setQueryData<Page<PublicComment>>(key, {
      items: last ? [...data.items, comment] : data.items,
      total: data.total + 1,
    });
  }
}

/**
 * The edited comment in place of the one cached, unless that one is newer (an event that waited
 * for the reader's editor, or came twice, after the page was fetched again).
 */
export function replaceLiveComment(queryClient: QueryClient, comment: PublicComment): void {
  const older = (item: PublicComment) =>
    item._id === comment._id && comment.editedAt !== null && (item.editedAt === null || item.editedAt <= comment.editedAt);
  for (const { key, data } of cachedPages(queryClient, comment.postId)) {
    if (!data.items.some(older)) continue;
    queryClient.setQueryData<Page<PublicComment>>(key, { ...data, items: data.items.map((item) => (older(item) ? comment : item)) });
  }
  // Its history, if open, shows the version this edit put aside.
  void queryClient.invalidateQueries({ queryKey: commentKeys.revisionsOf(comment._id) });
}

/**
 * The removed comment leaves the cached pages that hold it, and every page's total shrinks. A page
 * that begins after it is fetched again: each of its comments moved up a place (its first to the
 * page before), so its items are no longer those of its place, and a new comment would not be
 * seen to belong at its end. One on no cached page (on another page, or gone already: one's own
 * removal, fetched again since) cannot be counted off here without counting it twice: the pages
 * are fetched again instead.
 */
export function removeLiveComment(queryClient: QueryClient, postId: string, commentId: string): void {
  const pages = cachedPages(queryClient, postId);
  const holding = pages.find(({ data }) => data.items.some((item) => item._id === commentId));
  if (!holding) {
    void queryClient.invalidateQueries({ queryKey: commentKeys.ofPost(postId) });
    return;
  }
  // Its place among all of the post's comments, oldest first.
  const at = holding.page.page * holding.page.limit + holding.data.items.findIndex((item) => item._id === commentId);
  for (const { key, page, data } of pages) {
    const items = data.items.filter((item) => item._id !== commentId);
    queryClient.setQueryData<Page<PublicComment>>(key, { items, total: Math.max(0, data.total - 1) });
    // Not holding it, yet reaching its place or beyond: a page after it (or one of another size).
    if (items.length === data.items.length && page.page * page.limit + data.items.length > at) {
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
    }
  }
}

export function useLiveComments(postId: string): void {
  const queryClient = useQueryClient();
  useLiveEvent('comment', (comment) => {
    if (comment.postId === postId) addLiveComment(queryClient, comment);
  });
  useLiveEvent('comment-edited', (comment) => {
    if (comment.postId !== postId) return;
    whenNotEditing(editorKeys.comment(comment._id), () => replaceLiveComment(queryClient, comment));
  });
  useLiveEvent('comment-deleted', ({ postId: id, commentId }) => {
    if (id !== postId) return;
    whenNotEditing(editorKeys.comment(commentId), () => removeLiveComment(queryClient, postId, commentId));
  });
}
