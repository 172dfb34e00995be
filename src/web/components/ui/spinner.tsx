import { cn } from '#web/utils/cn.ts';

/** A spinning ring; `className` sets its size (default size-5) and colour. */
export function Spinner({ className = 'size-5' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('inline-block animate-spin rounded-full border-2 border-current border-r-transparent', className)}
    />
  );
}

/** Where a figure will stand once loaded, as tall as its line of text: a section keeps its size while it loads. */
export function FigurePlaceholder({ className = 'w-12' }: { className?: string }) {
  return <span aria-hidden="true" className={cn('inline-block h-[1em] animate-pulse rounded bg-line align-middle', className)} />;
}

interface PageLoaderProps {
  label?: string;
  /** Fill the whole window (before the app shell exists) instead of a page area. */
  fullScreen?: boolean;
}

/** A loading indicator announced to assistive technology (role="status"). */
export function PageLoader({ label = 'Loading…', fullScreen = false }: PageLoaderProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex items-center justify-center gap-3 text-muted', fullScreen ? 'min-h-dvh' : 'min-h-48')}
    >
      <Spinner className="size-6 text-brand-600" />
      <span>{label}</span>
    </div>
  );
}
