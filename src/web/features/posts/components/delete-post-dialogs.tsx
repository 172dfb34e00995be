// "Are you sure?" / "You won't be able to revert this!" ("Yes, delete it!"), then
// "Deleted!" / "Your event has been deleted." (SPEC.md §2 "My Post"). Kept outside the
// table rows: the deleted row leaves the list while the result is still on screen.
import { useState } from 'react';
import type { Post } from '#shared/schemas/post.ts';
import { ConfirmDialog, MessageDialog } from '#web/components/ui/confirm-dialog.tsx';
import { useDeletePost } from '../api/delete-post.ts';

interface DeletePostDialogsProps {
  /** The post asked about; null when no deletion is in progress. */
  post: Pick<Post, '_id' | 'title'> | null;
  onClose: () => void;
  onDeleted?: () => void;
}

type Outcome = { status: 'deleted' } | { status: 'failed'; message: string } | null;

export function DeletePostDialogs({ post, onClose, onDeleted }: DeletePostDialogsProps) {
  const deletePost = useDeletePost();
  const [outcome, setOutcome] = useState<Outcome>(null);
  return (
    <>
      <ConfirmDialog
        open={post !== null && outcome === null}
        subject={post && `Delete "${post.title}"?`}
        confirmLabel="Yes, delete it!"
        danger
        busy={deletePost.isPending}
        onCancel={onClose}
        onConfirm={() => {
          if (!post) return;
          return deletePost.mutateAsync(post._id, {
            onSuccess: () => {
              setOutcome({ status: 'deleted' });
              onDeleted?.();
            },
            onError: (error) => setOutcome({ status: 'failed', message: error.message }),
          });
        }}
      />
      <MessageDialog
        open={outcome?.status === 'deleted'}
        title="Deleted!"
        text="Your event has been deleted."
        onClose={() => {
          setOutcome(null);
          onClose();
        }}
      />
      <MessageDialog
        open={outcome?.status === 'failed'}
        tone="error"
        title="Error!"
        text={outcome?.status === 'failed' ? outcome.message : undefined}
        onClose={() => {
          setOutcome(null);
          onClose();
        }}
      />
    </>
  );
}
