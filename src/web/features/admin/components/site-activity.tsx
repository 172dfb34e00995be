// Admin Profile, beyond SPEC.md's totals: open reports (a link to the queue), members who
// joined this week, and new posts per day over the last 30 days (API.md "Moderation and
// members"). The chart module is loaded only when this section renders; a visually hidden
// table carries the same figures for screen readers.
import { Link } from 'react-router';
import type { PostsOnDay } from '#shared/schemas/admin.ts';
import { FigurePlaceholder, Spinner } from '#web/components/ui/spinner.tsx';
import { paths } from '#web/config/paths.ts';
import { codeOnDemand, useCodeOnDemand } from '#web/lib/code-on-demand.ts';
import { useAdminStats } from '../api/get-admin-stats.ts';
import { formatDay } from './chart-theme.ts';

const chartCode = codeOnDemand(() => import('./posts-per-day-chart.tsx'));

const numberFormat = new Intl.NumberFormat();

/** The chart's text alternative: the total, and the busiest day. */
export function describePostsPerDay(days: PostsOnDay[]): string {
  const total = days.reduce((sum, d) => sum + d.count, 0);
  const busiest = days.reduce<PostsOnDay | null>((best, d) => (d.count > (best?.count ?? 0) ? d : best), null);
  const range = days.length > 0 ? ` from ${formatDay(days[0]!.day)} to ${formatDay(days[days.length - 1]!.day)}` : '';
  const most = busiest ? `, most on ${formatDay(busiest.day)} (${numberFormat.format(busiest.count)})` : '';
  return `Bar chart of new posts per day${range}: ${numberFormat.format(total)} in total${most}.`;
}

export function SiteActivity() {
  const { data: stats, error } = useAdminStats();
  const chart = useCodeOnDemand(chartCode);
  // SiteTotals says when the same query fails. While it loads, this section stands where it
  // will be, with placeholders for its figures, so what follows does not move.
  if (error) return null;
  const postsPerDay = stats?.postsPerDay ?? [];
  const total = postsPerDay.reduce((sum, d) => sum + d.count, 0);
  const figure = (value: number | undefined) => (value === undefined ? <FigurePlaceholder /> : numberFormat.format(value));
  return (
    <section aria-labelledby="site-activity-heading" aria-busy={stats ? undefined : true} className="space-y-4">
      <h2 id="site-activity-heading" className="text-lg font-semibold tracking-tight">
        Recent activity
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 sm:gap-4">
        <li className="card flex items-center justify-between px-5 py-4 sm:block sm:py-5">
          <p className="text-sm font-medium text-muted">Open reports</p>
          <p className="flex items-baseline gap-3 sm:mt-1">
            <span className="text-2xl font-semibold tracking-tight tabular-nums sm:text-3xl">{figure(stats?.openReports)}</span>
            <Link
              to={paths.dashboard.reportedComment.getHref()}
              className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:underline"
            >
              Review reports
            </Link>
          </p>
        </li>
        <li className="card flex items-center justify-between px-5 py-4 sm:block sm:py-5">
          <p className="text-sm font-medium text-muted">New members this week</p>
          <p className="text-2xl font-semibold tracking-tight tabular-nums sm:mt-1 sm:text-3xl">{figure(stats?.newMembersThisWeek)}</p>
        </li>
      </ul>
      <figure className="card space-y-3 p-5" aria-labelledby="posts-per-day-caption">
        <figcaption id="posts-per-day-caption" className="flex flex-wrap items-baseline justify-between gap-2">
          <span className="font-semibold">Posts per day</span>
          <span className="text-sm text-muted">
            Last 30 days ·{' '}
            <span className="tabular-nums">{stats ? numberFormat.format(total) : <FigurePlaceholder className="w-6" />}</span> in total
          </span>
        </figcaption>
        {stats && chart ? <chart.default days={postsPerDay} label={describePostsPerDay(postsPerDay)} /> : <ChartPlaceholder />}
        {!stats ? (
          <div aria-hidden="true" className="flex justify-between text-xs text-muted">
            <FigurePlaceholder />
            <FigurePlaceholder />
          </div>
        ) : (
          postsPerDay.length > 0 && (
            <div aria-hidden="true" className="flex justify-between text-xs text-muted">
              <span>{formatDay(postsPerDay[0]!.day)}</span>
              <span>{formatDay(postsPerDay[postsPerDay.length - 1]!.day)}</span>
            </div>
          )
        )}
        <table className="sr-only">
          <caption>Posts per day, last 30 days</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Posts</th>
            </tr>
          </thead>
          <tbody>
            {postsPerDay.map((d) => (
              <tr key={d.day}>
                <th scope="row">
                  <time dateTime={d.day}>{formatDay(d.day)}</time>
                </th>
                <td>{d.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figure>
    </section>
  );
}

/** The chart's height, with a spinner, while its module or its figures load. */
function ChartPlaceholder() {
  return (
    <div className="flex h-32 items-center justify-center text-brand-600">
      <Spinner className="size-6" />
    </div>
  );
}
