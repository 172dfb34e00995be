// A comment in a table cell (Comment details, the reported-comment queue): the start of its
// text as plain text, since its Markdown would show there as the symbols typed, and for a
// comment that does not fit a "See More" button opening the "Full Comment" dialog with Close,
// where it reads as it does under its post (SPEC.md §2 "Comment details", API.md "Markdown").
import { useState } from 'react';
import { textOfHtml } from '#shared/html-text.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { previewComment } from './comment-preview.ts';
import { MarkdownContent } from './markdown-content.tsx';

interface CommentCellProps {
  /** The comment's stored HTML (`commentHtml`). */
  html: string;
  commenterName: string;
  /** How many characters of its text the cell shows (SPEC.md's 20 unless told). */
  length?: number;
}

export function CommentCell({ html, commenterName, length }: CommentCellProps) {
  const [open, setOpen] = useState(false);
  const preview = previewComment(textOfHtml(html), length);
  // An image has no text to show in the cell: the dialog shows it.
  const hasImage = html.includes('<img');
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
      {preview.text ? (
        <span className="min-w-0 break-words text-ink">{preview.text}</span>
      ) : (
        hasImage && <span className="text-muted italic">(image)</span>
      )}
      {(preview.truncated || hasImage) && (
        <>
          <Button variant="link" className="text-sm" onClick={() => setOpen(true)}>
            See More
          </Button>
          <Dialog
            open={open}
            onClose={() => setOpen(false)}
            title="Full Comment"
            className="max-w-2xl"
            footer={<Button onClick={() => setOpen(false)}>Close</Button>}
          >
            <p className="text-xs font-medium text-muted">By {commenterName}</p>
            <div className="mt-2 max-h-[60vh] overflow-y-auto">
              <MarkdownContent html={html} kind="comment" className="text-sm text-ink/90" />
            </div>
          </Dialog>
        </>
      )}
    </div>
  );
}
