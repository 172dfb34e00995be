import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signedInAs } from '#web/testing/msw/handlers.ts';
import { server } from '#web/testing/msw/server.ts';
import { renderApp } from '#web/testing/render-app.tsx';

function serveAdmin() {
  server.use(...signedInAs('Admin'));
  server.use(http.get('*/api/admin-stats', () => HttpResponse.json({ posts: 12, comments: 30, users: 8 })));
}

describe('Admin Profile', () => {
  it('shows the count cards and the chart legend', async () => {
    serveAdmin();
    renderApp('/dashboard/admin-profile');
    const totals = await screen.findByRole('region', { name: 'Site totals' });
    for (const [label, value] of [
      ['Total Post', '12'],
      ['Total Comment', '30'],
      ['Total User', '8'],
    ] as const) {
      expect(within(totals).getByText(label).nextSibling).toHaveTextContent(value);
    }
    for (const label of ['Total Posts', 'Total Comments', 'Total Users']) expect(within(totals).getByText(label)).toBeInTheDocument();
  });
});
