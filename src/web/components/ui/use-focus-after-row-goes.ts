// A row of a list (a table's, the tags', the announcements') can go while it holds the focus, or
// while a dialog opened from it does (its report dismissed, its tag deleted); a control can go from
// a row that stays, or be disabled in it (an edit form closed, "Make Admin" once the member is
// one). The focus would fall to the page. Once it has, it goes on from the same control in the row
// now in the gone row's place (or the last row), from the first control of the row that stayed,
// else from `fallback` (a list left empty).
import { useEffect, useRef, type FocusEvent } from 'react';

const CONTROLS = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

/** Each row is an element with `data-row-key` (its key in `keys`), a child of `list`. */
export function useFocusAfterRowGoes<L extends HTMLElement, F extends HTMLElement>(keys: readonly string[]) {
  const list = useRef<L>(null);
  const fallback = useRef<F>(null);
  const focused = useRef<{ key: string; index: number; control: number; element: HTMLElement } | null>(null);

  const onFocus = (event: FocusEvent<L>) => {
    const element = event.target as HTMLElement;
    const row = element.closest<HTMLElement>('[data-row-key]');
    const key = row?.dataset.rowKey;
    if (!row || key === undefined || row.parentElement !== list.current) return;
    const controls = Array.from(row.querySelectorAll<HTMLElement>(CONTROLS));
    focused.current = { key, index: keys.indexOf(key), control: controls.indexOf(element), element };
  };

  // After every render: the row may go in one render and the dialog close in a later one.
  useEffect(() => {
    const last = focused.current;
    if (!last || (last.element.isConnected && !last.element.matches(':disabled'))) return;
    const active = document.activeElement;
    // A disabled control keeps the focus until the browser next looks; it is lost all the same.
    if (active && active !== document.body && active !== last.element) {
      // Still in the dialog that acts on the row: wait for it to close. Elsewhere: the reader moved on.
      if (!active.closest('[role="dialog"], [role="alertdialog"]')) focused.current = null;
      return;
    }
    focused.current = null;
    const rows = Array.from(list.current?.children ?? []).filter((row): row is HTMLElement => row instanceof HTMLElement);
    const stayed = rows.find((row) => row.dataset.rowKey === last.key);
    const row = stayed ?? rows[Math.min(last.index, rows.length - 1)];
    const controls = row ? Array.from(row.querySelectorAll<HTMLElement>(CONTROLS)) : [];
    ((stayed ? undefined : controls[last.control]) ?? controls[0] ?? fallback.current)?.focus();
  });

  return { list, fallback, onFocus };
}
