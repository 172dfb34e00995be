import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { User } from '#shared/schemas/user.ts';
import { buildReport, buildUser, buildViewer } from '#web/testing/factories.ts';
import { signedInAs } from '#web/testing/msw/handlers.ts';
import { server } from '#web/testing/msw/server.ts';
import { renderApp } from '#web/testing/render-app.tsx';

function serveUsers(initial: User[]) {
  const users = initial.map((u) => ({ ...u }));
  const searches: string[] = [];
  let promoteCalls = 0;
  let demoteCalls = 0;
  server.use(...signedInAs('Admin', buildViewer({ id: 'admin-1', name: 'Grace Hopper', email: 'grace@example.com' })));
  server.use(
    http.get('*/api/user-data-pagination', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const search = query.get('search') ?? '';
      searches.push(search);
      const found = users.filter((u) => !search || u.name.toLowerCase().includes(search) || u.email.includes(search));
      const limit = Number(query.get('limit') ?? 10);
      const start = Number(query.get('page') ?? 0) * limit;
      return HttpResponse.json(found.slice(start, start + limit), { headers: { 'X-Total-Count': String(found.length) } });
    }),
    http.patch('*/api/user/role/:email', async ({ params, request }) => {
      promoteCalls += 1;
      expect(await request.json()).toEqual({ role: 'Admin' });
      const user = users.find((u) => u.email === params.email);
      // Banned by another admin since the page was read: the server knows no such member.
      if (!user) return HttpResponse.json({ message: 'No such user.', code: 'NOT_FOUND' }, { status: 404 });
      if (user) user.role = 'Admin';
      return HttpResponse.json({ modifiedCount: 1 });
    }),
    http.delete('*/api/user/role/:email', ({ params }) => {
      demoteCalls += 1;
      const user = users.find((u) => u.email === params.email);
      if (user) user.role = 'Client';
      return HttpResponse.json({ modifiedCount: 1 });
    }),
  );
  return {
    searches,
    promoteCalls: () => promoteCalls,
    demoteCalls: () => demoteCalls,
    /** Another admin bans the member: they leave the list. */
    ban: (email: string) =>
      users.splice(
        users.findIndex((u) => u.email === email),
        1,
      ),
  };
}

const members = [
  buildUser({ _id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', membership: 'Gold' }),
  buildUser({ _id: 'u2', name: 'Alan Turing', email: 'alan@example.com' }),
  buildUser({ _id: 'u3', name: 'Grace Hopper', email: 'grace@example.com', role: 'Admin' }),
  buildUser({ _id: 'u4', name: 'Edsger Dijkstra', email: 'edsger@example.com', role: 'Admin' }),
];

describe('Manage Users', () => {
  it('lists the users with their role and subscription status; admins cannot be made admin again', async () => {
    serveUsers(members);
    renderApp('/dashboard/manage-users');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['User Name', 'User Email', 'Role', 'Subscription Status', 'Action']);
    const ada = screen.getByRole('row', { name: /Ada Lovelace/ });
    expect(within(ada).getByText('Gold')).toBeInTheDocument();
    expect(within(ada).getByText('Client')).toBeInTheDocument();
    expect(within(ada).getByRole('button', { name: 'Make Admin' })).toBeEnabled();
    expect(within(screen.getByRole('row', { name: /Alan Turing/ })).getByText('Bronze')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /grace@example.com/ })).getByRole('button', { name: 'Make Admin' })).toBeDisabled();
  });

  it('asks before promoting, with the safe choice focused; Cancel changes nothing', async () => {
    const calls = serveUsers(members);
    const { user } = renderApp('/dashboard/manage-users');
    const row = await screen.findByRole('row', { name: /Alan Turing/ });

    await user.click(within(row).getByRole('button', { name: 'Make Admin' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Make Alan Turing an admin?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.promoteCalls()).toBe(0);
    expect(within(row).getByText('Client')).toBeInTheDocument();
  });

  it('removes another admin after asking, never offering it for oneself', async () => {
    const calls = serveUsers(members);
    const { user } = renderApp('/dashboard/manage-users');
    const self = await screen.findByRole('row', { name: /grace@example.com/ });
    expect(within(self).queryByRole('button', { name: 'Remove admin' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /Alan Turing/ })).queryByRole('button', { name: 'Remove admin' }),
    ).not.toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Edsger Dijkstra/ });

    await user.click(within(row).getByRole('button', { name: 'Remove admin' }));
    const dialog = await screen.findByRole('alertdialog', { name: "Remove Edsger Dijkstra's admin role?" });
    await user.click(within(dialog).getByRole('button', { name: 'Remove admin' }));

    await waitFor(() => expect(within(row).getByText('Client')).toBeInTheDocument());
    expect(within(row).getByRole('button', { name: 'Make Admin' })).toBeEnabled();
    expect(within(row).queryByRole('button', { name: 'Remove admin' })).not.toBeInTheDocument();
    expect(calls.demoteCalls()).toBe(1);
    expect(await screen.findByText('Edsger Dijkstra is no longer an Admin.')).toBeInTheDocument();
  });

  it('promotes a member and updates the row in place', async () => {
    const calls = serveUsers(members);
    const { user } = renderApp('/dashboard/manage-users');
    const row = await screen.findByRole('row', { name: /Alan Turing/ });

    await user.click(within(row).getByRole('button', { name: 'Make Admin' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Make Admin' }));

    await waitFor(() => expect(within(row).getByRole('button', { name: 'Make Admin' })).toBeDisabled());
    expect(within(row).getByText('Admin')).toBeInTheDocument();
    expect(within(row).queryByText('Client')).not.toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(5);
    expect(calls.promoteCalls()).toBe(1);
    expect(await screen.findByText('Alan Turing is now an Admin.')).toBeInTheDocument();
  });

  it('searches by name or email through a labelled box', async () => {
    const calls = serveUsers(members);
    const { user, router } = renderApp('/dashboard/manage-users');
    await screen.findByRole('row', { name: /Alan Turing/ });

    await user.type(screen.getByLabelText('Search by name or email'), 'alan');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(screen.queryByRole('row', { name: /Ada Lovelace/ })).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: /Alan Turing/ })).toBeInTheDocument();
    expect(calls.searches).toContain('alan');
    expect(router.state.location.search).toBe('?search=alan');
  });
  it('shows a member just made admin as one in the report queue at once, while the queue is read again', async () => {
    const calls = serveUsers(members);
    const alansReport = buildReport({ commenter_name: 'Alan Turing', commenter_email: 'alan@example.com', authorId: 'u2' });
    let queueReads = 0;
    server.use(
      http.get('*/api/reported-comment-pagination', async () => {
        queueReads += 1;
        // The queue's second reading is slow: what shows meanwhile is the cached row.
        if (queueReads > 1) await delay('infinite');
        return HttpResponse.json([alansReport], { headers: { 'X-Total-Count': '1' } });
      }),
    );
    const { user, router } = renderApp('/dashboard/reported-comment');
    const queued = await screen.findByRole('row', { name: /comment-7/ });
    expect(within(queued).getByRole('button', { name: 'Ban User' })).toBeEnabled();

    await router.navigate('/dashboard/manage-users');
    const row = await screen.findByRole('row', { name: /Alan Turing/ });
    await user.click(within(row).getByRole('button', { name: 'Make Admin' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Make Admin' }));
    await waitFor(() => expect(calls.promoteCalls()).toBe(1));
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Make Admin' })).toBeDisabled());

    await router.navigate('/dashboard/reported-comment');
    const again = await screen.findByRole('row', { name: /comment-7/ });
    expect(within(again).getByRole('button', { name: 'Ban User' })).toBeDisabled();
    expect(within(again).getByText('An administrator: cannot be banned')).toBeInTheDocument();
    expect(queueReads).toBe(2);
  });

  it('shows the last page, not "No users yet.", for a page past the last (an old link, or members banned since)', async () => {
    serveUsers(members);
    const { router } = renderApp('/dashboard/manage-users?page=3');

    expect(await screen.findByRole('row', { name: /Ada Lovelace/ })).toBeInTheDocument();
    expect(screen.queryByText('No users yet.')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('reads the users again when Make Admin finds the member gone (banned by another admin meanwhile)', async () => {
    const calls = serveUsers(members);
    const { user } = renderApp('/dashboard/manage-users');
    const row = await screen.findByRole('row', { name: /Alan Turing/ });
    calls.ban('alan@example.com');

    await user.click(within(row).getByRole('button', { name: 'Make Admin' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Make Admin' }));

    expect(await screen.findByText('No such user.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Alan Turing/ })).not.toBeInTheDocument());
    expect(screen.getAllByRole('row')).toHaveLength(4);
  });
});
