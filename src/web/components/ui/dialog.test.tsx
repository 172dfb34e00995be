import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect, useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Dialog } from './dialog.tsx';

function Harness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      <ConfirmDialog open={open} confirmLabel="Yes, delete it!" onConfirm={onConfirm} onCancel={() => setOpen(false)} />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('asks with the SPEC.md texts, confirms, and closes on Escape returning focus', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent("You won't be able to revert this!");
    // The safe choice has the focus: Enter alone never confirms.
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Yes, delete it!' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
  });
});

/** A field that takes the focus as it mounts, as the Markdown editor does once it is loaded. */
function SelfFocusingField() {
  const field = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => field.current?.focus(), []);
  return <textarea ref={field} aria-label="Comment" />;
}

function WritingHarness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add Comment
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Add a comment">
        {open && <SelfFocusingField />}
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('gives the focus back to the button that opened it when its content took the focus as it mounted', async () => {
    const user = userEvent.setup();
    render(<WritingHarness />);
    const opener = screen.getByRole('button', { name: 'Add Comment' });
    for (let time = 0; time < 2; time += 1) {
      await user.click(opener);
      expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(opener).toHaveFocus();
    }
  });

  it('stays open on an Escape its field took for itself, and closes on the next', async () => {
    const user = userEvent.setup();
    function FieldHarness() {
      const [open, setOpen] = useState(true);
      const taken = useRef(false);
      return (
        <Dialog open={open} onClose={() => setOpen(false)} title="Edit post">
          <textarea
            aria-label="Description"
            onKeyDown={(event) => {
              if (event.key !== 'Escape' || taken.current) return;
              taken.current = true;
              event.preventDefault();
            }}
          />
        </Dialog>
      );
    }
    render(<FieldHarness />);
    await user.click(screen.getByRole('textbox', { name: 'Description' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Edit post' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
