import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { HistoryDialog, type RevisionView } from './history-dialog.tsx';

const PAGE_SIZE = 5;
const versions: RevisionView[] = Array.from({ length: 7 }, (_, i) => ({
  id: `r${i}`,
  html: `<p>Version ${7 - i}</p>`,
  editedAt: new Date(Date.UTC(2026, 0, 10 - i)).toISOString(),
  editorName: 'Ada',
}));

function Harness() {
  const [page, setPage] = useState(0);
  const items = versions.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  return (
    <HistoryDialog
      kind="comment"
      open
      onClose={() => undefined}
      revisions={{ isPending: false, isError: false, error: null, isPlaceholderData: false, data: { items, total: versions.length } }}
      page={page}
      pageSize={PAGE_SIZE}
      onPageChange={setPage}
    />
  );
}

describe('HistoryDialog', () => {
  it('keeps the focus on its page buttons when Older or Newer reaches the end and is disabled', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const older = screen.getByRole('button', { name: 'Older' });
    const newer = screen.getByRole('button', { name: 'Newer' });
    older.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Version 2')).toBeInTheDocument();
    expect(older).toBeDisabled();
    // Not on the disabled button (which a browser drops for the page behind the dialog).
    expect(newer).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Version 7')).toBeInTheDocument();
    expect(newer).toBeDisabled();
    expect(older).toHaveFocus();
  });
});
