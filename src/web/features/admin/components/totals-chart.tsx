// The pie chart of the site totals (Total Posts, Total Comments, Total Users). This module
// is the only one that imports the chart library; site-totals.tsx loads it lazily, so the
// library is fetched on the admin profile page only.
import { Cell, Pie, PieChart, Tooltip } from 'recharts';
import type { SiteTotals } from '#shared/schemas/admin.ts';
import { TOOLTIP_STYLE } from './chart-theme.ts';
import { TOTALS } from './totals-palette.ts';

const SIZE = 240;

export function TotalsChart({ stats }: { stats: SiteTotals }) {
  const data = TOTALS.map(({ key, chart, color }) => ({ name: chart, value: stats[key], color }));
  const summary = data.map(({ name, value }) => `${name}: ${value}`).join(', ');
  // Empty slices would still draw a hairline border: only the non-zero totals are drawn.
  const slices = data.filter((d) => d.value > 0);
  return (
    // The lines between slices are the card's colour (a class outranks the stroke attribute), so
    // they part the slices as gaps in either theme.
    <div role="img" aria-label={`Pie chart. ${summary}`} className="w-fit shrink-0 [&_.recharts-sector]:stroke-surface">
      {/* No stop for the keyboard, the chart's nor its slices' (the Pie's own is rootTabIndex): the label says it all. */}
      <PieChart width={SIZE} height={SIZE} accessibilityLayer={false} tabIndex={-1}>
        <Pie
          rootTabIndex={-1}
          data={slices}
          dataKey="value"
          nameKey="name"
          innerRadius={56}
          outerRadius={SIZE / 2 - 8}
          paddingAngle={slices.length > 1 ? 2 : 0}
          strokeWidth={slices.length > 1 ? 2 : 0}
          isAnimationActive={false}
        >
          {slices.map((entry) => (
            <Cell key={entry.name} fill={entry.color} />
          ))}
        </Pie>
        <Tooltip {...TOOLTIP_STYLE} />
      </PieChart>
    </div>
  );
}

export default TotalsChart;
