// A comment's "History": its earlier versions, newest first.
import { useState } from 'react';
import { HistoryDialog } from '#web/components/markdown/history-dialog.tsx';
import { useCommentRevisions } from '../api/get-comment-revisions.ts';

const PAGE_SIZE = 5;

export function CommentHistoryDialog({ commentId, open, onClose }: { commentId: string; open: boolean; onClose: () => void }) {
  const [page, setPage] = useState(0);
  const revisions = useCommentRevisions(commentId, { page, limit: PAGE_SIZE }, open);
  const items = revisions.data?.items.map((revision) => ({
    id: revision._id,
    html: revision.commentHtml,
    editedAt: revision.editedAt,
    editorName: revision.editor.name,
  }));
  return (
    <HistoryDialog
      kind="comment"
      open={open}
      onClose={() => {
        setPage(0);
        onClose();
      }}
      revisions={{
        isPending: revisions.isPending,
        isError: revisions.isError,
        error: revisions.error,
        isPlaceholderData: revisions.isPlaceholderData,
        data: items && revisions.data ? { items, total: revisions.data.total } : undefined,
      }}
      page={page}
      pageSize={PAGE_SIZE}
      onPageChange={setPage}
    />
  );
}
