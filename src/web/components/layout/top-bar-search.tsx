// "Search posts" in the top bar (DESIGN.md "UI contract"): Enter goes to /search?q=…, and "/"
// pressed anywhere outside a text field focuses it. From md up the field sits in the bar; on
// small screens the "Open search" button shows it in a panel under the bar, which Escape
// closes (focus back on the button), as do the focus moving on past it and a press outside it.
import { useCallback, useEffect, useId, useRef, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SEARCH_QUERY_MAX } from '#shared/constants.ts';
import { SearchIcon } from '#web/components/ui/forum-icons.tsx';
import { paths } from '#web/config/paths.ts';
import { useCloseWhenLeft } from '#web/lib/use-close-when-left.ts';
import { useEscapeToClose } from '#web/lib/use-escape-to-close.ts';
import { cn } from '#web/utils/cn.ts';

interface TopBarSearchProps {
  /** Small screens: whether the panel with the field is open. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The look of the top bar's icon buttons. */
  iconButtonClassName: string;
}

/** Where "/" is typed as a character, not taken as the shortcut. */
const isTextEntry = (target: EventTarget | null): boolean =>
  target instanceof Element && target.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])') !== null;

export function TopBarSearch({ open, onOpenChange, iconButtonClassName }: TopBarSearchProps) {
  const navigate = useNavigate();
  const location = useLocation();
  // On the search page the field holds the search shown, so it can be refined from here too.
  const shown = location.pathname === paths.search.path ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const formId = useId();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  useEscapeToClose(open, close, opener);
  useCloseWhenLeft(open, close, form, opener);

  // Opening the panel is asking for the field.
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      // Not while typing, nor from under a modal dialog.
      if (isTextEntry(event.target) || document.querySelector('[aria-modal="true"]')) return;
      const field = input.current;
      if (!field) return;
      event.preventDefault();
      // A closed small-screen panel is opened first; opening it focuses the field.
      if (open || field.getClientRects().length > 0) {
        field.focus();
        field.select();
      } else {
        onOpenChange(true);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onOpenChange]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = new FormData(event.currentTarget).get('q');
    onOpenChange(false);
    // The field is replaced as the search shown changes (it holds it): the search page takes the
    // focus, on its heading, so the reader goes on from the results instead of the page's start.
    void navigate(paths.search.getHref(typeof text === 'string' ? text.trim() : ''), { state: { focusHeading: true } });
  };

  return (
    <>
      <button
        ref={opener}
        type="button"
        aria-label="Open search"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => onOpenChange(!open)}
        className={cn(iconButtonClassName, 'inline-flex md:hidden', open && 'bg-ink/5')}
      >
        <SearchIcon />
      </button>
      <form
        ref={form}
        id={formId}
        role="search"
        aria-label="Site"
        onSubmit={submit}
        className={cn(
          'md:block md:w-44 lg:w-64',
          // Small screens: a panel under the bar (the header is its positioned ancestor).
          open
            ? 'absolute inset-x-0 top-full border-b border-line bg-surface px-3 py-3 shadow-card md:static md:border-0 md:bg-transparent md:p-0 md:shadow-none'
            : 'hidden',
        )}
      >
        <label htmlFor={inputId} className="sr-only">
          Search posts
        </label>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4.5 -translate-y-1/2 text-muted" />
          <input
            key={shown}
            ref={input}
            id={inputId}
            defaultValue={shown}
            name="q"
            type="search"
            maxLength={SEARCH_QUERY_MAX}
            placeholder="Search posts"
            autoComplete="off"
            enterKeyHint="search"
            aria-keyshortcuts="/"
            className="peer block h-10 w-full rounded-lg border border-line bg-canvas pr-8 pl-8 text-sm text-ink placeholder:text-muted md:h-9"
          />
          <kbd
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-2 hidden -translate-y-1/2 rounded border border-line px-1.5 font-mono text-xs text-muted peer-focus:invisible md:block"
          >
            /
          </kbd>
        </div>
      </form>
    </>
  );
}
