import { cn } from '#web/utils/cn.ts';

interface IconCountProps {
  /** The id the icon link's `aria-describedby` names. */
  id: string;
  count: number;
  /** What a screen reader hears, e.g. "3 announcements". */
  description: string;
  testId: string;
  tone: 'danger' | 'brand';
  /** No badge at 0 (the description stays). */
  hideZero?: boolean;
}

/** The count on a top-bar icon link: a badge to see and a description to hear. */
export function IconCount({ id, count, description, testId, tone, hideZero = false }: IconCountProps) {
  return (
    <>
      {(count > 0 || !hideZero) && (
        <span
          aria-hidden="true"
          data-testid={testId}
          className={cn(
            'pointer-events-none absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full px-1 text-xs font-semibold text-white ring-2 ring-surface',
            tone === 'danger' ? 'bg-danger-600' : 'bg-brand-600',
          )}
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
      <span id={id} className="sr-only">
        {description}
      </span>
    </>
  );
}
