// What the two admin charts draw in the page's colours rather than the chart library's own
// (white tooltips, white lines between slices), so they read the same in light and dark.

/** The tooltip box as a card: its background, border and text follow the theme. */
export const TOOLTIP_STYLE = {
  contentStyle: {
    backgroundColor: 'var(--color-surface)',
    borderColor: 'var(--color-line)',
    borderRadius: '0.5rem',
    boxShadow: 'var(--shadow-card)',
    color: 'var(--color-ink)',
  },
  labelStyle: { color: 'var(--color-ink)' },
  itemStyle: { color: 'var(--color-ink)' },
} as const;

const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A UTC day ("YYYY-MM-DD") as the chart names it: "Dec 6". */
export const formatDay = (day: string): string => dayFormat.format(new Date(`${day}T00:00:00Z`));
