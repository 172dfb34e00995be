// "Top Contributors This Week" (SPEC.md §2): rank, name, posts, points and an "Active"
// badge per row, with the loading, empty and error texts of the specification.
import { useId } from 'react';
import { Link } from 'react-router';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { TrophyIcon } from '#web/components/ui/forum-icons.tsx';
import { paths } from '#web/config/paths.ts';
import { cn } from '#web/utils/cn.ts';
import { useLeaderboard } from '../api/get-leaderboard.ts';

const RANK_STYLES = ['bg-gold-100 text-gold-800', 'bg-line text-ink', 'bg-bronze-100 text-bronze-800'];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function Leaderboard({ className }: { className?: string }) {
  const headingId = useId();
  const leaderboard = useLeaderboard();

  return (
    <section aria-labelledby={headingId} className={cn('rounded-card border border-line bg-surface p-4 shadow-card', className)}>
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold tracking-tight">
        <TrophyIcon className="size-5 text-gold-800" />
        Top Contributors This Week
      </h2>
      {leaderboard.isPending ? (
        <p role="status" className="mt-4 text-sm text-muted">
          Loading leaderboard...
        </p>
      ) : leaderboard.isError ? (
        <p role="alert" className="mt-4 text-sm text-danger-700">
          Failed to load leaderboard: {leaderboard.error.message}
        </p>
      ) : leaderboard.data.length === 0 ? (
        <p className="mt-4 text-sm text-muted">No contributors found.</p>
      ) : (
        <ol className="mt-3 divide-y divide-line">
          {leaderboard.data.map((row, index) => (
            <li key={row._id} className="flex items-center gap-3 py-2.5">
              <span className="relative shrink-0">
                <Link to={paths.member.getHref(row._id)} tabIndex={-1} aria-hidden="true" className="block">
                  <Avatar src={row.photo} alt="" className="size-9 ring-1 ring-line" />
                </Link>
                <span
                  className={cn(
                    'absolute -bottom-1 -left-1.5 inline-flex h-[18px] min-w-[22px] items-center justify-center rounded-full px-1 text-[11px] leading-none font-semibold tabular-nums ring-2 ring-surface',
                    RANK_STYLES[index] ?? 'bg-canvas text-muted',
                  )}
                >
                  #{index + 1}
                </span>
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-ink">
                  {/* The name may be cut short here: its title says it whole. */}
                  <Link to={paths.member.getHref(row._id)} title={row.name} className="hover:text-brand-700 hover:underline">
                    {row.name}
                  </Link>
                </p>
                <p className="text-xs text-muted">
                  {plural(row.posts, 'post')} · {plural(row.points, 'point')}
                </p>
              </div>
              <span className="shrink-0 rounded-full bg-success-50 px-2 py-0.5 text-xs font-medium text-success-700">Active</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
