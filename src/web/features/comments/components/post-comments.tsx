// The discussion under a post (DESIGN.md: post detail lists its comments, paged, oldest
// first), with "Add Comment" and its own small pagination. A link to one comment
// (`#comment-{id}`, e.g. a search hit) opens the page holding it, scrolls it into view,
// highlights it and moves focus to it.
import { useEffect, useId, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Page } from '#shared/page.ts';
import type { PublicComment } from '#shared/schemas/comment.ts';
import { Button } from '#web/components/ui/button.tsx';
import { CommentIcon } from '#web/components/ui/forum-icons.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import type { PageSize } from '#web/components/ui/pagination-model.ts';
import { useLastPageWhenPastTheEnd, usePaginationParams } from '#web/components/ui/use-pagination-params.ts';
import { commentAnchor } from '#web/config/paths.ts';
import { editorKeys, useKeptWhileEditing } from '#web/lib/open-editors.ts';
import { useCommentPosition } from '../api/get-comment-position.ts';
import { commentsQueryOptions, useComments } from '../api/get-comments.ts';
import { useLiveComments } from '../api/live-comments.ts';
import { AddCommentDialog } from './add-comment-dialog.tsx';
import { CommentItem } from './comment-item.tsx';

const FIRST_SIZE: PageSize = 5;

interface PostCommentsProps {
  postId: string;
  /** The comment the address names (`#comment-{id}`), if any. */
  highlightId?: string | null;
}

export function PostComments({ postId, highlightId = null }: PostCommentsProps) {
  const headingId = useId();
  // The page and its size are in the address (?page=&limit=), so back from a commenter's profile,
  // a reload or a copied link shows the same comments (the scroll kept). No page until the reader
  // picks one: then the page holding the linked comment, or the first.
  const { chosenPage, size: limit, setPage, setSize } = usePaginationParams(FIRST_SIZE, { keepScroll: true, nameFirstPage: true });
  // The first page (the same query as the list's first page): is the linked comment on it?
  const first = useComments(postId, { page: 0, limit });
  const elsewhere =
    highlightId !== null && first.isSuccess && first.data.total > limit && !first.data.items.some((item) => item._id === highlightId);
  const position = useCommentPosition(postId, highlightId, elsewhere && chosenPage === null);
  const page = chosenPage ?? (elsewhere && position.data !== undefined && position.data >= 0 ? Math.floor(position.data / limit) : 0);
  const comments = useComments(postId, { page, limit });
  const total = comments.data?.total ?? 0;
  // Comments written by others while the page is open join the list as they come, and removed
  // ones leave it.
  useLiveComments(postId);
  // A comment the reader is editing stays, with their text, while they do, though the page fetched
  // again no longer has it (deleted in another tab, or by an admin's ban).
  const items = useKeptWhileEditing(comments.data?.items, `${page}/${limit}`, (item) => editorKeys.comment(item._id));
  useLastPageWhenPastTheEnd(
    { page, size: limit, setPage },
    comments.isSuccess && !comments.isPlaceholderData ? { items: items?.length ?? 0, total } : null,
  );
  const queryClient = useQueryClient();
  // Oldest first: one's new comment is the last one, so show the last page (the first page,
  // fetched again after posting, has the total with it, however the live event raced it).
  const showLastPage = () => {
    const first = queryClient.getQueryData<Page<PublicComment>>(commentsQueryOptions(postId, { page: 0, limit }).queryKey);
    // In place of the page shown, not after it: back still leads where the reader came from.
    setPage(Math.floor(Math.max(0, (first?.total ?? total + 1) - 1) / limit), { replace: true });
  };

  // Once the linked comment is shown: into view and focused, once per link.
  const shownFor = useRef<string | null>(null);
  useEffect(() => {
    if (highlightId === null || shownFor.current === highlightId || !items?.some((item) => item._id === highlightId)) return;
    const element = document.getElementById(commentAnchor(highlightId));
    if (!element) return;
    shownFor.current = highlightId;
    element.scrollIntoView?.({ block: 'center' });
    element.focus({ preventScroll: true });
  }, [highlightId, items]);

  // Deleting a comment takes its row, which held the focus: once the row is gone, the reader
  // goes on from the next comment's first button (or the one before's), else from the heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const deleted = useRef<{ id: string; neighbour: string | undefined } | null>(null);
  const focusAfterDeleting = () => {
    const gone = deleted.current;
    if (gone === null || document.getElementById(commentAnchor(gone.id))) return;
    deleted.current = null;
    const row = gone.neighbour === undefined ? null : document.getElementById(commentAnchor(gone.neighbour));
    (row?.querySelector<HTMLElement>('button') ?? heading.current)?.focus();
  };
  const markDeleting = (id: string, pending: boolean) => {
    const shown = items ?? [];
    const at = shown.findIndex((item) => item._id === id);
    deleted.current = pending ? { id, neighbour: (shown[at + 1] ?? shown[at - 1])?._id } : null;
  };
  useEffect(focusAfterDeleting, [items]);

  return (
    <section aria-labelledby={headingId} className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          ref={heading}
          id={headingId}
          tabIndex={-1}
          className="flex items-center gap-2 text-lg font-semibold tracking-tight outline-none"
        >
          <CommentIcon className="size-5 text-brand-600" />
          Comments{' '}
          {comments.isSuccess && (
            <span className="rounded-full bg-line px-2 py-0.5 text-sm font-medium text-ink tabular-nums">{total}</span>
          )}
        </h2>
        <AddCommentDialog postId={postId} onPosted={showLastPage} />
      </div>

      {comments.isPending ? (
        <p role="status" className="mt-4 text-sm text-muted">
          Loading comments…
        </p>
      ) : comments.isError ? (
        <div role="alert" className="mt-4 rounded-card border border-danger-200 bg-danger-50 p-4 text-sm text-danger-700">
          <p>Could not load the comments: {comments.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void comments.refetch()}>
            Try again
          </Button>
        </div>
      ) : !items || items.length === 0 ? (
        <p className="mt-4 rounded-card border border-dashed border-line bg-surface px-4 py-8 text-center text-sm text-muted">
          No comments yet. Start the discussion!
        </p>
      ) : (
        <ol aria-busy={comments.isPlaceholderData || undefined} className="mt-4 space-y-3 aria-busy:opacity-60">
          {items.map((item) => (
            <CommentItem
              key={item._id}
              comment={item}
              postId={postId}
              highlighted={item._id === highlightId}
              onDeleting={(pending) => markDeleting(item._id, pending)}
            />
          ))}
        </ol>
      )}

      {comments.isSuccess && total > FIRST_SIZE && (
        <Pagination
          className="mt-4"
          label="Comment pages"
          page={page}
          size={limit}
          total={total}
          onPageChange={setPage}
          onSizeChange={setSize}
        />
      )}
    </section>
  );
}
