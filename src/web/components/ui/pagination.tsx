import { useId, useLayoutEffect, useRef } from 'react';
import { PAGE_SIZES } from '#shared/constants.ts';
import { cn } from '#web/utils/cn.ts';
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
  label?: string;
  className?: string;
}

/** Prev, numbered pages, Next and the page-size select of SPEC.md §2. */
export function Pagination({ page, size, total, onPageChange, onSizeChange, label = 'Pagination', className }: PaginationProps) {
  const sizeId = useId();
  const nav = useRef<HTMLElement>(null);
  const items = pageItems(page, total, size);
  const last = pageCount(total, size) - 1;
  // Prev on the first page and Next on the last are disabled, and a disabled button loses the
  // focus to the page: the page now shown takes it instead.
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (active instanceof HTMLButtonElement && active.disabled && nav.current?.contains(active)) {
      nav.current.querySelector<HTMLElement>('[aria-current="page"]')?.focus();
    }
  }, [page]);
  return (
    <nav ref={nav} aria-label={label} className={cn('flex flex-wrap items-center justify-between gap-3', className)}>
      <div className="flex flex-wrap items-center gap-1 sm:gap-1.5">
        <button
          type="button"
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          disabled={!canGoPrev(page)}
          onClick={() => onPageChange(Math.max(0, page - 1))}
        >
          Prev
        </button>
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
            <button
              key={item.page}
              type="button"
              aria-label={`Page ${item.page + 1}`}
              aria-current={item.page === page ? 'page' : undefined}
              className={buttonClasses({
                variant: item.page === page ? 'primary' : 'secondary',
                size: 'sm',
                className: cn('min-w-8', !item.narrow && 'max-sm:hidden'),
              })}
              onClick={() => onPageChange(item.page)}
            >
              {item.page + 1}
            </button>
          ),
        )}
        <button
          type="button"
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          disabled={!canGoNext(page, total, size)}
          onClick={() => onPageChange(Math.min(last, page + 1))}
        >
          Next
        </button>
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
