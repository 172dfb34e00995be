// The Comment column: the preview, and for a cut comment a "See More" button opening the
// "Full Comment" dialog with Close (SPEC.md §2 "Comment details").
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { previewComment } from './comment-preview.ts';

export function CommentCell({ comment, commenterName }: { comment: string; commenterName: string }) {
  const [open, setOpen] = useState(false);
  const preview = previewComment(comment);
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="text-ink">{preview.text}</span>
      {preview.truncated && (
        <>
          <Button variant="link" className="text-sm" onClick={() => setOpen(true)}>
            See More
          </Button>
          <Dialog
            open={open}
            onClose={() => setOpen(false)}
            title="Full Comment"
            footer={<Button onClick={() => setOpen(false)}>Close</Button>}
          >
            <p className="text-xs font-medium text-muted">By {commenterName}</p>
            <p className="mt-2 max-h-[60vh] overflow-y-auto text-base whitespace-pre-wrap text-ink">{comment}</p>
          </Dialog>
        </>
      )}
    </div>
  );
}
