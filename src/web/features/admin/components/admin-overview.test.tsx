import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signedInAs } from '#web/testing/msw/handlers.ts';
import { server } from '#web/testing/msw/server.ts';
import { renderApp } from '#web/testing/render-app.tsx';

// The last 30 UTC days ending 2026-03-30, with posts on two of them.
const postsPerDay = Array.from({ length: 30 }, (_, i) => {
  const day = `2026-03-${String(i + 1).padStart(2, '0')}`;
  return { day, count: day === '2026-03-12' ? 5 : day === '2026-03-30' ? 2 : 0 };
});

function serveAdmin() {
  server.use(...signedInAs('Admin'));
  server.use(
    http.get('*/api/admin-stats', () =>
      HttpResponse.json({ posts: 12, comments: 30, users: 8, openReports: 3, newMembersThisWeek: 4, postsPerDay }),
    ),
  );
}

describe('Admin Profile', () => {
  it('shows the count cards and the chart legend', async () => {
    serveAdmin();
    renderApp('/dashboard/admin-profile');
    const totals = await screen.findByRole('region', { name: 'Site totals' });
    await waitFor(() => expect(totals).not.toHaveAttribute('aria-busy'));
    for (const [label, value] of [
      ['Total Post', '12'],
      ['Total Comment', '30'],
      ['Total User', '8'],
    ] as const) {
      expect(within(totals).getByText(label).nextSibling).toHaveTextContent(value);
    }
    for (const label of ['Total Posts', 'Total Comments', 'Total Users']) expect(within(totals).getByText(label)).toBeInTheDocument();
  });

  it('draws its charts with no stop of their own for the keyboard (their text alternatives say what they show)', async () => {
    serveAdmin();
    renderApp('/dashboard/admin-profile');
    const pie = await screen.findByRole('img', { name: /^Pie chart\./ });
    const bars = await screen.findByRole('img', { name: /new posts per day/ });
    await waitFor(() => expect(pie.querySelector('.recharts-pie')).not.toBeNull());
    for (const chart of [pie, bars]) expect(chart.querySelectorAll('[tabindex]:not([tabindex="-1"])')).toHaveLength(0);
  });

  it('shows open reports (linking to the queue), new members this week and posts per day with a text alternative', async () => {
    serveAdmin();
    const { user } = renderApp('/dashboard/admin-profile');
    const activity = await screen.findByRole('region', { name: 'Recent activity' });
    await waitFor(() => expect(activity).not.toHaveAttribute('aria-busy'));
    expect(within(activity).getByText('Open reports').nextSibling).toHaveTextContent('3');
    expect(within(activity).getByText('New members this week').nextSibling).toHaveTextContent('4');

    const chart = within(activity).getByRole('figure', { name: /Posts per day/ });
    expect(chart).toHaveTextContent('7 in total');
    expect(await within(chart).findByRole('img', { name: /new posts per day/ })).toHaveAccessibleName(
      expect.stringMatching(/7 in total, most on Mar 12 \(5\)/),
    );
    const table = within(chart).getByRole('table', { name: 'Posts per day, last 30 days' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    expect(rows[11]).toHaveTextContent(/Mar 12\s*5/);
    expect(rows[29]).toHaveTextContent(/Mar 30\s*2/);

    server.use(http.get('*/api/reported-comment-pagination', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })));
    await user.click(within(activity).getByRole('link', { name: 'Review reports' }));
    expect(await screen.findByText('No reported comments. The queue is clear.')).toBeInTheDocument();
  });

  it('holds the places of its figures while they load, so the sections below stay where they are', async () => {
    serveAdmin();
    server.use(http.get('*/api/admin-stats', () => delay('infinite')));
    renderApp('/dashboard/admin-profile');
    const totals = await screen.findByRole('region', { name: 'Site totals' });
    expect(totals).toHaveAttribute('aria-busy', 'true');
    expect(within(totals).getByRole('status')).toHaveTextContent('Loading the site totals…');
    expect(within(totals).getAllByRole('listitem')).toHaveLength(6);
    const activity = screen.getByRole('region', { name: 'Recent activity' });
    expect(activity).toHaveAttribute('aria-busy', 'true');
    expect(within(activity).getByText('New members this week')).toBeInTheDocument();
  });
});
