import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { PAGE_SIZES } from '#shared/constants.ts';
import { cn } from '#web/utils/cn.ts';
import { AddressLink } from './address-link.tsx';
import { buttonClasses } from './button.tsx';
import { canGoNext, canGoPrev, pageCount, pageItems, type PageSize } from './pagination-model.ts';

interface PaginationProps {
  /** Zero-based. */
  page: number;
  size: PageSize;
  total: number;
  onPageChange: (page: number) => void;
  /** Changing the size goes back to page 0 (SPEC.md §4); the caller sets both. */
  onSizeChange: (size: PageSize) => void;
  /**
   * The address of a page, when the list's pages have one (home's, a member's): Prev, Next and the pages are
   * then links to them (AddressLink), which a crawler or a browser without the app follows too.
   */
  pageHref?: (page: number) => string;
  label?: string;
  className?: string;
}

interface PageControlProps {
  /** The page it leads to (zero-based). */
  to: number;
  disabled?: boolean;
  pageHref: ((page: number) => string) | undefined;
  onGo: (page: number) => void;
  className: string;
  'aria-label'?: string;
  'aria-current'?: 'page';
  children: ReactNode;
}

/** One of Prev, a page or Next: a link when pages have addresses, a button otherwise (and when disabled: no page to go to). */
function PageControl({ to, disabled = false, pageHref, onGo, children, ...props }: PageControlProps) {
  if (pageHref && !disabled) {
    return (
      <AddressLink {...props} href={pageHref(to)} onFollow={() => onGo(to)}>
        {children}
      </AddressLink>
    );
  }
  return (
    <button {...props} type="button" disabled={disabled} onClick={() => onGo(to)}>
      {children}
    </button>
  );
}

/**
 * The way back from a page past the last of a list (an old link, posts removed meanwhile): a link
 * to the list's first page, as the pages of Pagination are.
 */
export function FirstPageLink({ href, onFollow, className }: { href: string; onFollow: () => void; className?: string }) {
  return (
    <AddressLink className={buttonClasses({ variant: 'secondary', size: 'sm', className })} href={href} onFollow={onFollow}>
      Back to the first page
    </AddressLink>
  );
}

/** Prev, numbered pages, Next and the page-size select of SPEC.md §2. */
export function Pagination({ page, size, total, onPageChange, onSizeChange, pageHref, label = 'Pagination', className }: PaginationProps) {
  const sizeId = useId();
  const nav = useRef<HTMLElement>(null);
  /** Whether the focus was on a control of this list when it went to another page. */
  const wasFocused = useRef(false);
  const items = pageItems(page, total, size);
  const last = pageCount(total, size) - 1;
  const go = (to: number) => {
    wasFocused.current = nav.current?.contains(document.activeElement) ?? false;
    onPageChange(to);
  };
  // Prev on the first page and Next on the last are disabled: a disabled button loses the focus
  // to the page, and a link that became one took it away with it. The page now shown takes it.
  useLayoutEffect(() => {
    const active = document.activeElement;
    const lost = active instanceof HTMLButtonElement && active.disabled && nav.current?.contains(active);
    const gone = wasFocused.current && !nav.current?.contains(active);
    wasFocused.current = false;
    if (lost || gone) nav.current?.querySelector<HTMLElement>('[aria-current="page"]')?.focus();
  }, [page]);
  return (
    <nav ref={nav} aria-label={label} className={cn('flex flex-wrap items-center justify-between gap-3', className)}>
      <div className="flex flex-wrap items-center gap-1 sm:gap-1.5">
        <PageControl
          to={Math.max(0, page - 1)}
          disabled={!canGoPrev(page)}
          pageHref={pageHref}
          onGo={go}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          Prev
        </PageControl>
        {items.map((item, i) =>
          'gap' in item ? (
            <span
              key={`gap-${i}`}
              aria-hidden="true"
              className={cn('px-1 text-muted', !item.narrow && 'hidden sm:inline', !item.wide && 'sm:hidden')}
            >
              …
            </span>
          ) : (
            <PageControl
              key={item.page}
              to={item.page}
              pageHref={pageHref}
              onGo={go}
              aria-label={`Page ${item.page + 1}`}
              aria-current={item.page === page ? 'page' : undefined}
              className={buttonClasses({
                variant: item.page === page ? 'primary' : 'secondary',
                size: 'sm',
                className: cn('min-w-8', !item.narrow && 'max-sm:hidden'),
              })}
            >
              {item.page + 1}
            </PageControl>
          ),
        )}
        <PageControl
          to={Math.min(last, page + 1)}
          disabled={!canGoNext(page, total, size)}
          pageHref={pageHref}
          onGo={go}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          Next
        </PageControl>
      </div>
      <div className="flex items-center gap-2 text-sm">
        <label htmlFor={sizeId} className="text-muted">
          Per page
        </label>
        <select
          id={sizeId}
          value={size}
          onChange={(e) => onSizeChange(Number(e.target.value) as PageSize)}
          className="h-8 rounded-lg border border-line bg-surface px-2 text-sm"
        >
          {PAGE_SIZES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
    </nav>
  );
}
