// The post's "History": its earlier versions (title, tag and description), newest first.
import { useState } from 'react';
import { HistoryDialog } from '#web/components/markdown/history-dialog.tsx';
import { usePostRevisions } from '../api/get-post-revisions.ts';

const PAGE_SIZE = 5;

export function PostHistoryDialog({ postId, open, onClose }: { postId: string; open: boolean; onClose: () => void }) {
  const [page, setPage] = useState(0);
  const revisions = usePostRevisions(postId, { page, limit: PAGE_SIZE }, open);
  const items = revisions.data?.items.map((revision) => ({
    id: revision._id,
    title: revision.title,
    tag: revision.category,
    html: revision.descriptionHtml,
    editedAt: revision.editedAt,
    editorName: revision.editor.name,
  }));
  return (
    <HistoryDialog
      kind="post"
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
