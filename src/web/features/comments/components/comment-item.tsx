// One comment under a post: who and when, its rendered Markdown, and for its writer or an
// admin "Edit" (in place) and "Delete" (after a confirmation that focuses "Cancel"); an
// edited comment's marker opens its history.
import { useEffect, useId, useRef, useState } from 'react';
import { canDeleteComment, canEditComment } from '#shared/permissions.ts';
import type { PublicComment } from '#shared/schemas/comment.ts';
import { profileOf } from '#shared/writer-profile.ts';
import { EditedMarker } from '#web/components/markdown/edited-marker.tsx';
import { MarkdownContent } from '#web/components/markdown/markdown-content.tsx';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { ProfileLink } from '#web/components/ui/profile-link.tsx';
import { RelativeTime } from '#web/components/ui/relative-time.tsx';
import { commentAnchor } from '#web/config/paths.ts';
import { usePermissionViewer } from '#web/lib/auth.ts';
import { editorKeys, useEditing } from '#web/lib/open-editors.ts';
import { toast } from '#web/lib/toast.tsx';
import { cn } from '#web/utils/cn.ts';
import { useDeleteComment } from '../api/delete-comment.ts';
import { CommentHistoryDialog } from './comment-history-dialog.tsx';
import { EditCommentForm } from './edit-comment-form.tsx';

interface CommentItemProps {
  comment: PublicComment;
  postId: string;
  /** The comment a link points at (`#comment-{id}`): marked, and focusable for the page to focus it. */
  highlighted?: boolean;
  /**
   * Told when a delete is asked for (true) and when it fails (false): the row goes, and the
   * focus with it, possibly through a live update before the request itself answers.
   */
  onDeleting?: (pending: boolean) => void;
}

export function CommentItem({ comment, postId, highlighted = false, onDeleting }: CommentItemProps) {
  const viewer = usePermissionViewer();
  const [editing, setEditing] = useState(false);
  // A live edit or removal of this comment waits while the reader edits it (live-comments.ts).
  useEditing(editorKeys.comment(comment._id), editing);
  // Leaving the editor (Save or Cancel) puts the focus back on "Edit", not on the page's start.
  const editButton = useRef<HTMLButtonElement>(null);
  const editorLeft = useRef(false);
  useEffect(() => {
    if (editing || !editorLeft.current) return;
    editorLeft.current = false;
    editButton.current?.focus();
  }, [editing]);
  const [open, setOpen] = useState<'delete' | 'history' | null>(null);
  const remove = useDeleteComment(postId);
  const mayEdit = canEditComment(viewer, comment);
  const mayDelete = canDeleteComment(viewer, comment);
  const profile = profileOf(comment);
  // A page holds many "Edit" and "Delete" buttons: each is described by its comment's writer
  // and time ("Writer Will 3 minutes ago").
  const bylineId = useId();
  const byline = `${bylineId}-name ${bylineId}-time`;

  return (
    <li
      id={commentAnchor(comment._id)}
      tabIndex={highlighted ? -1 : undefined}
      data-highlighted={highlighted || undefined}
      className={cn(
        'flex gap-3 rounded-card border p-4 shadow-card',
        // The ring is the focus indicator too.
        highlighted
          ? 'border-brand-500 bg-brand-100/70 ring-2 ring-brand-500 ring-offset-2 ring-offset-canvas outline-none'
          : 'border-line bg-surface',
      )}
    >
      <ProfileLink memberId={profile} duplicate className="shrink-0">
        <Avatar src={comment.commenter_photo} alt="" className="size-9 ring-1 ring-line" />
      </ProfileLink>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <p className="flex min-w-0 flex-wrap items-baseline gap-x-1.5 text-sm">
            <ProfileLink memberId={profile} className="font-medium text-ink" linkClassName="hover:text-brand-700 hover:underline">
              <span id={`${bylineId}-name`}>{comment.commenter_name}</span>
            </ProfileLink>
            <span className="flex items-baseline gap-x-1.5 text-xs text-muted">
              <RelativeTime id={`${bylineId}-time`} value={comment.createdAt} />
              {comment.editedAt && <EditedMarker editedAt={comment.editedAt} onOpen={() => setOpen('history')} />}
            </span>
          </p>
          {!editing && (mayEdit || mayDelete) && (
            <div className="ml-auto flex gap-1">
              {mayEdit && (
                <Button
                  ref={editButton}
                  variant="ghost"
                  size="sm"
                  className="h-7 px-2 text-xs"
                  aria-describedby={byline}
                  onClick={() => setEditing(true)}
                >
                  Edit
                </Button>
              )}
              {mayDelete && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-7 px-2 text-xs text-danger-700"
                  aria-describedby={byline}
                  onClick={() => setOpen('delete')}
                >
                  Delete
                </Button>
              )}
            </div>
          )}
        </div>
        {editing ? (
          <EditCommentForm
            postId={postId}
            commentId={comment._id}
            comment={comment.comment}
            editedAt={comment.editedAt}
            onDone={() => {
              editorLeft.current = true;
              setEditing(false);
            }}
          />
        ) : (
          <MarkdownContent html={comment.commentHtml} kind="comment" className="mt-1 text-sm text-ink/90" />
        )}
      </div>
      <ConfirmDialog
        open={open === 'delete'}
        title="Delete this comment?"
        confirmLabel="Delete"
        danger
        focus="cancel"
        busy={remove.isPending}
        onCancel={() => setOpen(null)}
        onConfirm={() => {
          onDeleting?.(true);
          // Told from the promise, not from callbacks given to mutateAsync: those go with this row,
          // which the comment's live removal can take away before the request itself answers.
          return remove
            .mutateAsync(comment._id)
            .then(
              () => toast.success('Comment deleted'),
              (error: Error) => {
                onDeleting?.(false);
                toast.error(error.message);
              },
            )
            .finally(() => setOpen(null));
        }}
      />
      <CommentHistoryDialog commentId={comment._id} open={open === 'history'} onClose={() => setOpen(null)} />
    </li>
  );
}
