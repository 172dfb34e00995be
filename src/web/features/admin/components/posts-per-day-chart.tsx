// The bar chart of new posts per day (last 30 UTC days). Like totals-chart.tsx, it is the only
// other module importing the chart library and is loaded lazily by site-activity.tsx, so the
// library stays on the admin profile page. Bars take the text colour of their wrapper
// (`currentColor`), so the theme tokens colour them in light and dark alike.
import { Bar, BarChart, Tooltip, XAxis } from 'recharts';
import type { PostsOnDay } from '#shared/schemas/admin.ts';
import { formatDay, TOOLTIP_STYLE } from './chart-theme.ts';

export function PostsPerDayChart({ days, label }: { days: PostsOnDay[]; label: string }) {
  return (
    <div role="img" aria-label={label} className="h-32 w-full text-brand-500">
      <BarChart
        data={days}
        responsive
        style={{ width: '100%', height: '100%' }}
        margin={{ top: 4, right: 0, bottom: 0, left: 0 }}
        accessibilityLayer={false}
        tabIndex={-1}
      >
        <XAxis dataKey="day" hide />
        <Tooltip
          {...TOOLTIP_STYLE}
          cursor={{ fillOpacity: 0.1 }}
          labelFormatter={(day) => formatDay(String(day))}
          formatter={(value) => [value, 'Posts']}
        />
        <Bar dataKey="count" fill="currentColor" radius={[3, 3, 0, 0]} minPointSize={1} isAnimationActive={false} />
      </BarChart>
    </div>
  );
}

export default PostsPerDayChart;
