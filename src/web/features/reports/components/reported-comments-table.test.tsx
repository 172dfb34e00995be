import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Report } from '#shared/schemas/report.ts';
import { buildReport } from '#web/testing/factories.ts';
import { signedInAs } from '#web/testing/msw/handlers.ts';
import { server } from '#web/testing/msw/server.ts';
import { renderApp } from '#web/testing/render-app.tsx';

const report: Report = buildReport();

const MARKDOWN_SPAM =
  'Buy **cheap watches** at [our shop](https://spam.example/shop) today and use the code `SAVE50` at the checkout:\n\n```text\nSAVE50 SAVE50 SAVE50\n```\n\nHurry, the offer ends soon!';
/** MARKDOWN_SPAM as the server renders it. */
const MARKDOWN_SPAM_HTML =
  '<p>Buy <strong>cheap watches</strong> at <a href="https://spam.example/shop" rel="nofollow ugc noopener noreferrer">our shop</a> today and use the code <code>SAVE50</code> at the checkout:</p>\n<pre><code class="language-text">SAVE50 SAVE50 SAVE50\n</code></pre>\n<p>Hurry, the offer ends soon!</p>';

/** The commenter's role as the server has it now (another admin may change it after the queue loaded). */
const commenter = { role: 'Client' as Report['commenter_role'] };

/** The commenter's role, asked by the Ban User dialog; every other email is the signed-in admin's (signedInAs). */
function serveCommenterRole(calls: string[], answer: () => Promise<unknown> | unknown = () => undefined) {
  server.use(
    http.get('*/api/users/role/:email', async ({ params }) => {
      if (params.email !== report.commenter_email) return undefined;
      calls.push(`users/role ${String(params.email)}`);
      await answer();
      return HttpResponse.json({ role: commenter.role });
    }),
  );
}

function serveQueue({ banStatus = 200, actionStatus = 200 }: { banStatus?: number; actionStatus?: number } = {}) {
  let queue = [report];
  const calls: string[] = [];
  commenter.role = 'Client';
  server.use(...signedInAs('Admin'));
  serveCommenterRole(calls);
  server.use(
    http.get('*/api/reported-comment-pagination', () =>
      HttpResponse.json(
        queue.map((r) => ({ ...r, commenter_role: commenter.role })),
        { headers: { 'X-Total-Count': String(queue.length) } },
      ),
    ),
    http.delete('*/api/user-delete/:email', ({ params }) => {
      calls.push(`user-delete ${String(params.email)}`);
      if (banStatus !== 200) return HttpResponse.json({ message: 'Boom', code: 'INTERNAL' }, { status: banStatus });
      return HttpResponse.json({ deletedCount: 1 });
    }),
    http.delete('*/api/reported-comment-delete/:email', ({ params }) => {
      calls.push(`reported-comment-delete ${String(params.email)}`);
      queue = [];
      return HttpResponse.json({ deletedCount: 1 });
    }),
    http.delete('*/api/reported-comment/:id', ({ params }) => {
      calls.push(`reported-comment ${String(params.id)}`);
      if (actionStatus !== 200) return HttpResponse.json({ message: 'No such report.', code: 'NOT_FOUND' }, { status: actionStatus });
      queue = [];
      return HttpResponse.json({ deletedCount: 1 });
    }),
    http.delete('*/api/comment-data/:id', ({ params }) => {
      calls.push(`comment-data ${String(params.id)}`);
      if (actionStatus !== 200) return HttpResponse.json({ message: 'Boom', code: 'INTERNAL' }, { status: actionStatus });
      queue = [];
      return HttpResponse.json({ deletedCount: 1 });
    }),
  );
  return calls;
}

describe('Reported Comment', () => {
  it('lists the queue and bans the commenter after confirmation, then refreshes', async () => {
    const calls = serveQueue();
    const { user } = renderApp('/dashboard/reported-comment');
    const table = await screen.findByRole('table', { name: 'Reported comments' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Comment Id', 'Reported Comment', 'Feedback', 'Commenter Email', 'Actions']);
    const row = screen.getByRole('row', { name: /comment-7/ });
    expect(within(row).getByText('Buy cheap watches at example.test')).toBeInTheDocument();
    // The comment, on its post (the post page scrolls to and highlights it).
    expect(within(row).getByRole('link', { name: 'View on post' })).toHaveAttribute('href', '/post-details/post-1#comment-comment-7');
    expect(within(row).getByText('Spam or promotional content')).toBeInTheDocument();
    expect(within(row).getByText('sam@example.com')).toBeInTheDocument();
    // Who reported it, and when (the exact time on hover).
    expect(row).toHaveTextContent(/Reported by Ada Lovelace/);
    const reportedAt = within(row).getByText((_, element) => element?.tagName === 'TIME');
    expect(reportedAt).toHaveAttribute('dateTime', '2026-01-02T11:00:00.000Z');
    expect(reportedAt.textContent).toMatch(/ago|yesterday/);

    await user.click(within(row).getByRole('button', { name: 'Ban User' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    expect(confirm).toHaveTextContent('Ban Spammy Sam?');
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    // The commenter's role is asked as the dialog opens: still a member, so the ban goes ahead.
    await waitFor(() => expect(within(confirm).getByRole('button', { name: 'Yes, delete it!' })).not.toHaveAttribute('aria-busy'));
    await user.click(within(confirm).getByRole('button', { name: 'Yes, delete it!' }));

    const done = await screen.findByRole('dialog', { name: 'Deleted!' });
    expect(done).toHaveTextContent('The user and comment have been removed.');
    expect(calls).toEqual(['users/role sam@example.com', 'user-delete sam@example.com', 'reported-comment-delete sam@example.com']);
    expect(await screen.findByText('No reported comments. The queue is clear.')).toBeInTheDocument();
  });

  it('steps back to the last page left when a ban empties the page shown (it takes every report of the commenter)', async () => {
    const others = Array.from({ length: 5 }, (_, n): Report => ({
      ...report,
      _id: `other-report-${n}`,
      commentId: `other-comment-${n}`,
      commenter_name: `Reader ${n}`,
      commenter_email: `reader${n}@example.com`,
    }));
    const sams = [report, { ...report, _id: 'report-2', commentId: 'comment-8' }];
    let queue = [...others, ...sams];
    commenter.role = 'Client';
    server.use(...signedInAs('Admin'));
    serveCommenterRole([]);
    server.use(
      http.get('*/api/reported-comment-pagination', ({ request }) => {
        const url = new URL(request.url);
        const [page, limit] = [Number(url.searchParams.get('page')), Number(url.searchParams.get('limit'))];
        return HttpResponse.json(queue.slice(page * limit, (page + 1) * limit), { headers: { 'X-Total-Count': String(queue.length) } });
      }),
      http.delete('*/api/user-delete/:email', () => HttpResponse.json({ deletedCount: 1 })),
      http.delete('*/api/reported-comment-delete/:email', ({ params }) => {
        queue = queue.filter((r) => r.commenter_email !== params.email);
        return HttpResponse.json({ deletedCount: 2 });
      }),
    );
    const { user, router } = renderApp('/dashboard/reported-comment?page=2&limit=5');
    const row = await screen.findByRole('row', { name: /comment-7/ });
    expect(screen.getByRole('row', { name: /comment-8/ })).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Ban User' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Yes, delete it!' })).not.toHaveAttribute('aria-busy'));
    await user.click(screen.getByRole('button', { name: 'Yes, delete it!' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));

    // Five reports still wait: they are shown, not "the queue is clear".
    expect(await screen.findByRole('row', { name: /other-comment-4/ })).toBeInTheDocument();
    expect(screen.queryByText('No reported comments. The queue is clear.')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?limit=5');
  });

  it('says "Error!" / "Failed to delete user or comment." when the ban fails', async () => {
    const calls = serveQueue({ banStatus: 500 });
    const { user } = renderApp('/dashboard/reported-comment');
    await user.click(await screen.findByRole('button', { name: 'Ban User' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Yes, delete it!' })).not.toHaveAttribute('aria-busy'));
    await user.click(screen.getByRole('button', { name: 'Yes, delete it!' }));

    const failed = await screen.findByRole('alertdialog', { name: 'Error!' });
    expect(failed).toHaveTextContent('Failed to delete user or comment.');
    expect(calls).toEqual(['users/role sam@example.com', 'user-delete sam@example.com']);
    expect(screen.getByRole('row', { name: /comment-7/ })).toBeInTheDocument();
  });

  it('shows a Markdown comment as text, not its source, and whole and rendered under "See More"', async () => {
    server.use(...signedInAs('Admin'));
    server.use(
      http.get('*/api/reported-comment-pagination', () =>
        HttpResponse.json([{ ...report, comment: MARKDOWN_SPAM, commentHtml: MARKDOWN_SPAM_HTML }], { headers: { 'X-Total-Count': '1' } }),
      ),
    );
    const { user } = renderApp('/dashboard/reported-comment');
    const row = await screen.findByRole('row', { name: /comment-7/ });
    const cell = within(row).getByText(/^Buy cheap watches/);
    // The text a reader reads, whitespace collapsed, cut with "..": none of the Markdown's symbols.
    expect(cell).toHaveTextContent(
      /^Buy cheap watches at our shop today and use the code SAVE50 at the checkout: SAVE50 SAVE50 SAVE50 Hurry, the offer ends \.\.$/,
    );
    expect(row.textContent).not.toMatch(/\*\*|`|\]\(/);

    await user.click(within(row).getByRole('button', { name: 'See More' }));
    const dialog = screen.getByRole('dialog', { name: 'Full Comment' });
    expect(dialog).toHaveTextContent('By Spammy Sam');
    // Rendered as under the post: emphasis, the link, the code block.
    expect(within(dialog).getByText('cheap watches').tagName).toBe('STRONG');
    expect(within(dialog).getByRole('link', { name: 'our shop' })).toHaveAttribute('href', 'https://spam.example/shop');
    expect(dialog.querySelector('pre code')).toHaveTextContent('SAVE50 SAVE50 SAVE50');
    expect(dialog).toHaveTextContent('Hurry, the offer ends soon!');
    expect(dialog.textContent).not.toMatch(/\*\*|```|\]\(/);
  });

  it("leaves the ban to the server when the commenter's role cannot be read", async () => {
    const sent = serveQueue();
    server.use(
      http.get('*/api/users/role/:email', ({ params }) =>
        params.email === report.commenter_email ? HttpResponse.json({ message: 'Boom', code: 'INTERNAL' }, { status: 500 }) : undefined,
      ),
    );
    const { user } = renderApp('/dashboard/reported-comment');
    await user.click(await screen.findByRole('button', { name: 'Ban User' }));
    const yes = screen.getByRole('button', { name: 'Yes, delete it!' });
    await waitFor(() => expect(yes).not.toHaveAttribute('aria-busy'));
    await user.click(yes);
    expect(await screen.findByRole('dialog', { name: 'Deleted!' })).toBeInTheDocument();
    expect(sent).toEqual(['user-delete sam@example.com', 'reported-comment-delete sam@example.com']);
  });

  it('disables "Ban User" for an administrator, whom the server would refuse to ban', async () => {
    server.use(...signedInAs('Admin'));
    server.use(
      http.get('*/api/reported-comment-pagination', () =>
        HttpResponse.json([{ ...report, commenter_role: 'Admin' }], { headers: { 'X-Total-Count': '1' } }),
      ),
    );
    renderApp('/dashboard/reported-comment');
    expect(await screen.findByRole('button', { name: 'Ban User' })).toBeDisabled();
    // Said in the row, not only on hover (a disabled button takes no focus, and a phone has no hover).
    expect(screen.getByRole('row', { name: /comment-7/ })).toHaveTextContent('An administrator: cannot be banned');
  });

  it('does not ban a commenter made an administrator since the queue loaded: the dialog says so, and the row shows it', async () => {
    const calls = serveQueue();
    const { user } = renderApp('/dashboard/reported-comment');
    const row = await screen.findByRole('row', { name: /comment-7/ });
    // Another admin promotes the commenter, in another tab: this queue still shows a member.
    commenter.role = 'Admin';

    await user.click(within(row).getByRole('button', { name: 'Ban User' }));
    const refused = await screen.findByRole('alertdialog', { name: 'Cannot ban' });
    expect(refused).toHaveTextContent('Spammy Sam is an administrator now: administrators cannot be banned.');
    // Only Close: nothing to confirm.
    expect(
      within(refused)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Close']);
    expect(screen.queryByRole('button', { name: 'Yes, delete it!' })).not.toBeInTheDocument();
    // The queue is read again: the row knows the commenter's role now.
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Ban User' })).toBeDisabled());
    expect(row).toHaveTextContent('An administrator: cannot be banned');

    await user.click(within(refused).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls).toEqual(['users/role sam@example.com']);
    // Still signed in, on the queue.
    expect(screen.getByRole('row', { name: /comment-7/ })).toBeInTheDocument();
  });

  it('holds "Yes, delete it!" while the commenter\'s role is asked, then bans', async () => {
    const calls: string[] = [];
    let answerRole = () => {};
    const asked = new Promise<void>((resolve) => (answerRole = resolve));
    const sent = serveQueue();
    serveCommenterRole(calls, () => asked);
    const { user } = renderApp('/dashboard/reported-comment');
    await user.click(await screen.findByRole('button', { name: 'Ban User' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    const yes = within(confirm).getByRole('button', { name: 'Yes, delete it!' });
    await waitFor(() => expect(calls).toEqual(['users/role sam@example.com']));
    expect(yes).toHaveAttribute('aria-busy', 'true');
    // A click meanwhile sends nothing; Cancel stays open to the admin.
    await user.click(yes);
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(sent).toEqual([]);

    answerRole();
    await waitFor(() => expect(yes).not.toHaveAttribute('aria-busy'));
    await user.click(yes);
    expect(await screen.findByRole('dialog', { name: 'Deleted!' })).toBeInTheDocument();
    expect(sent).toEqual(['user-delete sam@example.com', 'reported-comment-delete sam@example.com']);
  });

  it('dismisses a report after confirmation (Cancel first), and the queue refreshes', async () => {
    const calls = serveQueue();
    const { user } = renderApp('/dashboard/reported-comment');
    const row = await screen.findByRole('row', { name: /comment-7/ });

    // Cancel sends nothing.
    await user.click(within(row).getByRole('button', { name: 'Dismiss' }));
    let confirm = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    expect(confirm).toHaveTextContent('Dismiss this report?');
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.click(within(row).getByRole('button', { name: 'Dismiss' }));
    confirm = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('The report has been dismissed.')).toBeInTheDocument();
    expect(calls).toEqual(['reported-comment report-1']);
    expect(await screen.findByText('No reported comments. The queue is clear.')).toBeInTheDocument();
  });

  it('deletes the reported comment after confirmation, and the queue refreshes', async () => {
    const calls = serveQueue();
    const { user } = renderApp('/dashboard/reported-comment');
    const row = await screen.findByRole('row', { name: /comment-7/ });
    await user.click(within(row).getByRole('button', { name: 'Delete comment' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    expect(confirm).toHaveTextContent('Delete this comment?');
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Delete comment' }));

    expect(await screen.findByText('The comment has been deleted.')).toBeInTheDocument();
    expect(calls).toEqual(['comment-data comment-7']);
    expect(await screen.findByText('No reported comments. The queue is clear.')).toBeInTheDocument();
  });

  it('says so when a dismissal fails, and the report stays listed', async () => {
    const calls = serveQueue({ actionStatus: 404 });
    const { user } = renderApp('/dashboard/reported-comment');
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Dismiss' }));

    expect(await screen.findByText(/Could not dismiss the report: No such report\./)).toBeInTheDocument();
    expect(calls).toEqual(['reported-comment report-1']);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('row', { name: /comment-7/ })).toBeInTheDocument();
  });
});
