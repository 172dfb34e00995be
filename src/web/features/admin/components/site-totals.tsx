// Admin Profile: the count cards Total Post, Total Comment, Total User and their pie chart
// (SPEC.md §2). The chart module is loaded only when this section renders (offline, once the
// connection is back).
import { FigurePlaceholder, Spinner } from '#web/components/ui/spinner.tsx';
import { codeOnDemand, useCodeOnDemand } from '#web/lib/code-on-demand.ts';
import { useAdminStats } from '../api/get-admin-stats.ts';
import { TOTALS } from './totals-palette.ts';

const chartCode = codeOnDemand(() => import('./totals-chart.tsx'));

const numberFormat = new Intl.NumberFormat();

export function SiteTotals() {
  const { data: stats, error } = useAdminStats();
  const chart = useCodeOnDemand(chartCode);
  if (error) {
    return (
      <p role="alert" className="card px-5 py-6 text-danger-700">
        Could not load the site totals: {error.message}
      </p>
    );
  }
  // Until the totals come, the cards and the chart's frame stand where they will be, so the
  // sections below do not move when they arrive.
  const sum = stats ? stats.posts + stats.comments + stats.users : 0;
  return (
    <section aria-labelledby="site-totals-heading" aria-busy={stats ? undefined : true} className="space-y-4">
      <h2 id="site-totals-heading" className="text-lg font-semibold tracking-tight">
        Site totals
      </h2>
      {!stats && (
        <p role="status" className="sr-only">
          Loading the site totals…
        </p>
      )}
      <ul className="grid gap-3 sm:grid-cols-3 sm:gap-4">
        {TOTALS.map(({ key, card, color }) => (
          <li key={key} className="card relative flex items-center justify-between overflow-hidden px-5 py-4 sm:block sm:py-5">
            <span aria-hidden="true" className="absolute inset-y-0 left-0 w-1.5" style={{ backgroundColor: color }} />
            <p className="text-sm font-medium text-muted">{card}</p>
            <p className="text-2xl font-semibold tracking-tight tabular-nums sm:mt-1 sm:text-3xl">
              {stats ? numberFormat.format(stats[key]) : <FigurePlaceholder />}
            </p>
          </li>
        ))}
      </ul>
      <figure className="card flex flex-col items-center justify-center gap-6 p-5 sm:flex-row sm:gap-14">
        {stats && sum === 0 ? (
          <p className="py-10 text-muted">Nothing to chart yet: the site has no posts, comments or users.</p>
        ) : stats && chart ? (
          <chart.default stats={stats} />
        ) : (
          <ChartPlaceholder />
        )}
        <figcaption className="w-full max-w-xs space-y-3 sm:w-auto">
          <p className="font-semibold">Site totals compared</p>
          <ul className="space-y-2 text-sm">
            {TOTALS.map(({ key, chart, color }) => (
              <li key={key} className="flex items-center gap-3">
                <span aria-hidden="true" className="size-3 shrink-0 rounded-sm" style={{ backgroundColor: color }} />
                <span className="flex-1">{chart}</span>
                <span className="font-medium tabular-nums">
                  {!stats ? <FigurePlaceholder className="w-8" /> : sum === 0 ? '0%' : `${Math.round((stats[key] / sum) * 100)}%`}
                </span>
              </li>
            ))}
          </ul>
        </figcaption>
      </figure>
    </section>
  );
}

/** The chart's size, with a spinner, while its module or its figures load. */
function ChartPlaceholder() {
  return (
    <div className="flex size-60 items-center justify-center text-brand-600">
      <Spinner className="size-6" />
    </div>
  );
}
