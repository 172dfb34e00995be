// "History": the earlier versions of a post or a comment, rendered, newest first, each with
// who edited and when, a page at a time. The feature's hook fetches; this only shows.
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import type { MarkdownKind } from '#shared/schemas/markdown.ts';
import { RelativeTime } from '#web/components/ui/relative-time.tsx';
import { MarkdownContent } from './markdown-content.tsx';

export interface RevisionView {
  id: string;
  /** A post's title at that version. */
  title?: string;
  /** A post's tag at that version: an edit may change only the tag. */
  tag?: string;
  html: string;
  editedAt: string;
  editorName: string;
}

export interface RevisionPageState {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  isPlaceholderData: boolean;
  data: { items: RevisionView[]; total: number } | undefined;
}

interface HistoryDialogProps {
  open: boolean;
  onClose: () => void;
  /** Whose versions: a post's or a comment's. */
  kind: MarkdownKind;
  revisions: RevisionPageState;
  /** Zero-based. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}

export function HistoryDialog({ open, onClose, kind, revisions, page, pageSize, onPageChange }: HistoryDialogProps) {
  const total = revisions.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const nav = useRef<HTMLElement>(null);
  /** Whether the focus was on Newer or Older when it went to another page. */
  const wasFocused = useRef(false);
  const go = (to: number) => {
    wasFocused.current = nav.current?.contains(document.activeElement) ?? false;
    onPageChange(to);
  };
  // Newer on the first page and Older on the last are disabled: a disabled button drops the
  // focus to the page behind the dialog, where Tab then goes on. The other one takes it.
  useLayoutEffect(() => {
    const active = document.activeElement;
    const lost = !nav.current?.contains(active) || (active instanceof HTMLButtonElement && active.disabled);
    if (wasFocused.current && lost) nav.current?.querySelector<HTMLElement>('button:not([disabled])')?.focus();
    wasFocused.current = false;
  }, [page]);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="History"
      className="max-w-2xl"
      footer={
        <>
          {total > pageSize && (
            <nav ref={nav} aria-label="History pages" className="mr-auto flex items-center gap-2">
              <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => go(page - 1)}>
                Newer
              </Button>
              <span className="text-sm text-muted tabular-nums">
                {page + 1} / {pages}
              </span>
              <Button variant="secondary" size="sm" disabled={page + 1 >= pages} onClick={() => go(page + 1)}>
                Older
              </Button>
            </nav>
          )}
          <Button onClick={onClose} data-autofocus>
            Close
          </Button>
        </>
      }
    >
      <HistoryBody kind={kind} revisions={revisions} />
    </Dialog>
  );
}

function HistoryBody({ kind, revisions }: { kind: MarkdownKind; revisions: RevisionPageState }): ReactNode {
  if (revisions.isPending) return <p role="status">Loading the history…</p>;
  if (revisions.isError) return <p className="text-danger-700">Could not load the history: {revisions.error?.message}</p>;
  if (!revisions.data || revisions.data.items.length === 0) return <p>No earlier versions.</p>;
  return (
    <ol
      aria-label="Earlier versions, newest first"
      aria-busy={revisions.isPlaceholderData || undefined}
      className="max-h-[60vh] space-y-3 overflow-y-auto pr-1 aria-busy:opacity-60"
    >
      {revisions.data.items.map((revision) => (
        <li key={revision.id} className="rounded-lg border border-line p-3">
          <p className="text-xs text-muted">
            {/* A version's editor and time are those of the edit that replaced it. */}
            Replaced by <span className="font-medium text-ink">{revision.editorName}</span> · <RelativeTime value={revision.editedAt} />
          </p>
          {revision.title !== undefined && <p className="mt-1.5 font-semibold text-ink">{revision.title}</p>}
          {revision.tag !== undefined && <p className="mt-1 text-xs font-medium text-brand-700">#{revision.tag}</p>}
          <MarkdownContent html={revision.html} kind={kind} className="mt-1.5 text-sm text-ink/90" />
        </li>
      ))}
    </ol>
  );
}
