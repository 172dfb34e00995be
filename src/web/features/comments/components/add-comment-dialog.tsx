// "Add Comment": a dialog with the required "Comment" text and "Submit". Success shows
// "Thanks! Your comment is live" for 2 seconds; a failure shows "Failed to post comment"
// with the server's message, and "Try again" brings the text back (SPEC.md §2, §8). While the
// dialog is open the post's page keeps the post though it is deleted meanwhile (open-editors.ts).
import { useEffect, useId, useRef, useState } from 'react';
import { COMMENT_SUCCESS_CLOSE_MS } from '#shared/constants.ts';
import { MarkdownField, preloadMarkdownEditor } from '#web/components/markdown/markdown-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { MessageDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { Form } from '#web/components/ui/form.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { editorKeys, useEditing } from '#web/lib/open-editors.ts';
import { clearDraft, KeepDraft, readDraft, useDraftKey } from '#web/lib/session-draft.ts';
import { commentFormSchema, useCreateComment } from '../api/create-comment.ts';

type Phase =
  { name: 'closed' } | { name: 'writing'; draft: string } | { name: 'posted' } | { name: 'failed'; message: string; draft: string };

interface AddCommentDialogProps {
  postId: string;
  /** The comment is stored (the list is being refreshed). */
  onPosted?: () => void;
}

export function AddCommentDialog({ postId, onPosted }: AddCommentDialogProps) {
  const formId = useId();
  const [phase, setPhase] = useState<Phase>({ name: 'closed' });
  const create = useCreateComment(postId);
  // What was typed stays when the dialog is closed unsent (Escape, Cancel, a click beside it):
  // opening it again brings it back. Only a posted comment empties it.
  const draft = useRef('');
  const readTyped = useRef<() => string>(() => draft.current);
  const close = () => {
    if (phase.name === 'writing') draft.current = readTyped.current();
    setPhase({ name: 'closed' });
  };
  // It also outlasts the page (a lapsed session sending the member to sign in, a reload): kept
  // per member and post, and given back when they come back to this post and open it again.
  const draftKey = useDraftKey('comment', postId);
  // Written, or refused and offered again: a post deleted meanwhile does not take the text with it.
  useEditing(editorKeys.newComment(postId), phase.name === 'writing' || phase.name === 'failed');
  const open = () => {
    const kept = draftKey === null ? null : readDraft<{ comment: string }>(draftKey);
    setPhase({ name: 'writing', draft: draft.current || (kept?.comment ?? '') });
  };

  useEffect(() => {
    if (phase.name !== 'posted') return;
    const timer = window.setTimeout(() => setPhase({ name: 'closed' }), COMMENT_SUCCESS_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [phase.name]);

  const submit = ({ comment }: { comment: string }) =>
    create.mutateAsync(comment, {
      onSuccess: () => {
        draft.current = '';
        if (draftKey !== null) clearDraft(draftKey);
        setPhase({ name: 'posted' });
        onPosted?.();
      },
      onError: (error) => {
        draft.current = comment;
        const gone = isApiError(error) && error.code === 'NOT_FOUND';
        const message = gone ? 'This post no longer exists: it was deleted after you opened it.' : error.message;
        setPhase({ name: 'failed', message, draft: comment });
      },
    });

  return (
    <>
      <Button onClick={open} onPointerEnter={preloadMarkdownEditor} onFocus={preloadMarkdownEditor}>
        Add Comment
      </Button>

      <Dialog
        open={phase.name === 'writing'}
        onClose={close}
        title="Add a comment"
        className="max-w-2xl"
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" form={formId} isLoading={create.isPending}>
              Submit
            </Button>
          </>
        }
      >
        {phase.name === 'writing' && (
          <Form
            id={formId}
            schema={commentFormSchema}
            onSubmit={submit}
            options={{ defaultValues: { comment: phase.draft } }}
            className="text-left"
          >
            {({ control, getValues }) => {
              readTyped.current = () => getValues('comment');
              return (
                <>
                  {draftKey !== null && <KeepDraft control={control} draftKey={draftKey} />}
                  <MarkdownField
                    label="Comment"
                    kind="comment"
                    rows={5}
                    placeholder="Share your thoughts…"
                    control={control}
                    name="comment"
                    autoFocus
                  />
                </>
              );
            }}
          </Form>
        )}
      </Dialog>

      <MessageDialog
        open={phase.name === 'posted'}
        onClose={close}
        title="Thanks! Your comment is live"
        text="Your comment now shows under the post."
      />

      <Dialog
        open={phase.name === 'failed'}
        onClose={close}
        alert
        title={<span className="text-danger-700">Failed to post comment</span>}
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              Close
            </Button>
            <Button onClick={() => setPhase({ name: 'writing', draft: phase.name === 'failed' ? phase.draft : '' })} data-autofocus>
              Try again
            </Button>
          </>
        }
      >
        {phase.name === 'failed' && <p>{phase.message}</p>}
      </Dialog>
    </>
  );
}
