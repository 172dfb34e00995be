import type { SiteTotals } from '#shared/schemas/admin.ts';

/** The three site totals: their card label, chart label and colour. */
export const TOTALS: readonly { key: keyof SiteTotals; card: string; chart: string; color: string }[] = [
  { key: 'posts', card: 'Total Post', chart: 'Total Posts', color: '#3b5bdb' },
  { key: 'comments', card: 'Total Comment', chart: 'Total Comments', color: '#e8590c' },
  { key: 'users', card: 'Total User', chart: 'Total Users', color: '#2b8a3e' },
];
