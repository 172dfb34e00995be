// "3 hours ago" with the exact date on hover, from the browser's own Intl (no date library).
import { useIsHydrating, useRenderedAt } from '#web/lib/first-view.tsx';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const absolute = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** How long ago an ISO time was, e.g. "3 hours ago", "yesterday", "now"; '' if unreadable. */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  // A clock slightly ahead of ours still reads as the past.
  const seconds = Math.min(0, Math.round((time - now) / 1000));
  const elapsed = Math.abs(seconds);
  for (const [unit, size] of UNITS) {
    if (elapsed >= size || unit === 'second') {
      if (unit === 'second' && elapsed < 10) return relative.format(0, 'second');
      return relative.format(-Math.floor(elapsed / size), unit);
    }
  }
  return '';
}

export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : absolute.format(time);
}

interface RelativeTimeProps {
  /** ISO 8601. */
  value: string;
  className?: string;
  /** For a control that names the time in its description. */
  id?: string;
}

export function RelativeTime({ value, className, id }: RelativeTimeProps) {
  // A server-rendered page reads as it was rendered until hydrated, then as now. The exact
  // date is in the viewer's time zone, which the server does not know: added once hydrated.
  const renderedAt = useRenderedAt();
  const hydrating = useIsHydrating();
  return (
    <time id={id} dateTime={value} title={hydrating ? undefined : formatDateTime(value)} className={className}>
      {formatRelativeTime(value, renderedAt ?? undefined)}
    </time>
  );
}
