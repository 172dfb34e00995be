import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Notification, NotificationSettings } from '#shared/schemas/notification.ts';
import { buildViewer } from '#web/testing/factories.ts';
import { buildNotification, buildPostDetail, pagedAnswer } from '#web/testing/forum-factories.ts';
import { signedInAs } from '#web/testing/msw/handlers.ts';
import { server } from '#web/testing/msw/server.ts';
import { renderApp } from '#web/testing/render-app.tsx';

const viewer = buildViewer({ id: 'ada', name: 'Ada Lovelace' });
/** The inbox as the server keeps it: reads and marks change it, as they would. */
function inboxServer(initial: Notification[]) {
  const state = { items: initial.map((n) => ({ ...n })) };
  const calls: string[] = [];
  const unread = () => state.items.filter((n) => !n.read).length;
  server.use(
    ...signedInAs('Client', viewer),
    http.get('*/api/notifications/unread-count', () => HttpResponse.json({ count: unread() })),
    http.get('*/api/notifications', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const page = Number(query.get('page') ?? 0);
      const limit = Number(query.get('limit') ?? 10);
      return pagedAnswer(state.items.slice(page * limit, page * limit + limit), state.items.length);
    }),
    http.patch('*/api/notifications/:id/read', ({ params }) => {
      calls.push(`read ${String(params.id)}`);
      const n = state.items.find((x) => x._id === params.id);
      const modifiedCount = n && !n.read ? 1 : 0;
      if (n) n.read = true;
      return HttpResponse.json({ modifiedCount });
    }),
    http.post('*/api/notifications/read-all', () => {
      calls.push('read-all');
      const modifiedCount = unread();
      for (const n of state.items) n.read = true;
      return HttpResponse.json({ modifiedCount });
    }),
  );
  return calls;
}

describe('Inbox', () => {
  it('shows a signed-in member the Inbox button with the unread count, beside the bell', async () => {
    inboxServer([buildNotification(), buildNotification(), buildNotification({ read: true })]);
    renderApp('/');
    const inbox = await screen.findByRole('link', { name: 'Inbox' });
    expect(inbox).toHaveAttribute('href', '/notifications');
    await waitFor(() => expect(inbox).toHaveAccessibleDescription('2 unread notifications'));
    expect(screen.getByTestId('inbox-badge')).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('is not there for a visitor', async () => {
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Join Us' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Inbox' })).not.toBeInTheDocument();
  });
});

describe('/notifications', () => {
  it('lists the actor, the text, the time and a link to the comment, unread ones marked', async () => {
    inboxServer([
      buildNotification({ _id: 'n-a', commentId: 'c-9', text: 'Try fake timers.' }),
      buildNotification({ _id: 'n-b', type: 'reply', read: true, actor: { name: 'Cy', photo: null }, text: 'Me too.' }),
      buildNotification({
        _id: 'n-c',
        type: 'announcement',
        postId: null,
        commentId: null,
        actor: { name: 'Admin', photo: null },
        title: 'Maintenance',
        text: 'Sunday.',
      }),
    ]);
    renderApp('/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const links = await screen.findAllByRole('link', { name: /Bob|Cy|Admin/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/post-details/post-1#comment-c-9',
      expect.stringMatching(/^\/post-details\/post-1#comment-/),
      '/#announcements',
    ]);
    expect(links[0]).toHaveTextContent('Unread');
    expect(links[0]).toHaveTextContent('Bob commented on your post “Flaky tests”');
    expect(links[0]).toHaveTextContent('Try fake timers.');
    expect(within(links[0]!).getByText('5 minutes ago')).toBeInTheDocument();
    expect(links[1]).not.toHaveTextContent('Unread');
    expect(links[1]).toHaveTextContent('Cy also commented on “Flaky tests”');
    expect(links[2]).toHaveTextContent('Admin announced “Maintenance”');
  });

  it('marks one read when it is opened, and the count follows', async () => {
    const calls = inboxServer([buildNotification({ _id: 'n-open', postId: 'post-7', commentId: 'c-7' }), buildNotification()]);
    server.use(http.get('*/api/post-data/:id', () => HttpResponse.json({ message: 'No such post.', code: 'NOT_FOUND' }, { status: 404 })));
    const { user, router } = renderApp('/notifications');
    const inbox = await screen.findByRole('link', { name: 'Inbox' });
    await waitFor(() => expect(inbox).toHaveAccessibleDescription('2 unread notifications'));
    const [first] = await screen.findAllByRole('link', { name: /Bob commented/ });
    await user.click(first!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/post-details/post-7'));
    expect(router.state.location.hash).toBe('#comment-c-7');
    await waitFor(() => expect(calls).toEqual(['read n-open']));
    await waitFor(() => expect(inbox).toHaveAccessibleDescription('1 unread notification'));
  });

  it('marks a post’s unread notifications read when the post is opened some other way, and no other post’s', async () => {
    const calls = inboxServer([
      buildNotification({ _id: 'n-here', postId: 'post-9', commentId: 'c-9' }),
      buildNotification({ _id: 'n-elsewhere', postId: 'post-8' }),
      buildNotification({ _id: 'n-read', postId: 'post-9', read: true }),
    ]);
    server.use(
      http.get('*/api/post-data/post-9', () => HttpResponse.json(buildPostDetail({ _id: 'post-9', title: 'Opened from a mail' }))),
      http.get('*/api/comment-pagination/post-9', () => pagedAnswer([])),
    );
    renderApp('/post-details/post-9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Opened from a mail' })).toBeInTheDocument();
    await waitFor(() => expect(calls).toEqual(['read n-here']));
    const inbox = screen.getByRole('link', { name: 'Inbox' });
    await waitFor(() => expect(inbox).toHaveAccessibleDescription('1 unread notification'));
    // Once per opening: the count changing while the post is open reads nothing more.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls).toEqual(['read n-here']);
  });

  it('finds the opened post’s unread notification behind many newer ones on other posts', async () => {
    const newer = Array.from({ length: 150 }, (_, i) => buildNotification({ _id: `n-${i}`, postId: `other-${i}` }));
    const calls = inboxServer([...newer, buildNotification({ _id: 'n-old', postId: 'post-5', commentId: 'c-5' })]);
    server.use(
      http.get('*/api/post-data/post-5', () => HttpResponse.json(buildPostDetail({ _id: 'post-5', title: 'An older thread' }))),
      http.get('*/api/comment-pagination/post-5', () => pagedAnswer([])),
    );
    renderApp('/post-details/post-5');
    expect(await screen.findByRole('heading', { level: 1, name: 'An older thread' })).toBeInTheDocument();
    await waitFor(() => expect(calls).toEqual(['read n-old']));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Inbox' })).toHaveAccessibleDescription('150 unread notifications'));
  });

  it('marks all as read', async () => {
    const calls = inboxServer([buildNotification(), buildNotification()]);
    const { user } = renderApp('/notifications');
    const inbox = await screen.findByRole('link', { name: 'Inbox' });
    await screen.findAllByText('Unread');
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.queryByText('Unread')).not.toBeInTheDocument());
    expect(calls).toEqual(['read-all']);
    await waitFor(() => expect(inbox).toHaveAccessibleDescription('0 unread notifications'));
    expect(screen.queryByTestId('inbox-badge')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('pages like the other lists', async () => {
    inboxServer(Array.from({ length: 12 }, (_, i) => buildNotification({ text: `Number ${i + 1}` })));
    const { user, router } = renderApp('/notifications');
    expect(await screen.findByText('Number 1')).toBeInTheDocument();
    expect(screen.queryByText('Number 11')).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('navigation', { name: 'Notification pages' })).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Number 11')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
  });

  it('says a page past the last is empty, not the inbox, and leads back to the first', async () => {
    inboxServer(Array.from({ length: 12 }, (_, i) => buildNotification({ text: `Number ${i + 1}` })));
    const { user, router } = renderApp('/notifications?page=9');
    expect(await screen.findByText('No notifications on this page.')).toBeInTheDocument();
    expect(screen.queryByText(/No notifications yet/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the first page' }));
    expect(await screen.findByText('Number 1')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('says so when there is nothing', async () => {
    inboxServer([]);
    renderApp('/notifications');
    expect(await screen.findByText(/No notifications yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('sends a visitor to sign in', async () => {
    const { router } = renderApp('/notifications');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/notifications' });
  });
});

describe('notification settings on My Profile', () => {
  function settingsServer(role: 'Client' | 'Admin') {
    const patches: unknown[] = [];
    let settings: NotificationSettings = { emailOnComment: true, emailOnReply: true };
    server.use(
      ...signedInAs(role, viewer),
      http.get('*/api/notification-settings', () => HttpResponse.json(settings)),
      http.patch('*/api/notification-settings', async ({ request }) => {
        const body = (await request.json()) as Partial<NotificationSettings>;
        patches.push(body);
        settings = { ...settings, ...body };
        return HttpResponse.json(settings);
      }),
    );
    return patches;
  }

  it.each(['Client', 'Admin'] as const)('shows a %s the two settings at #notification-settings, saved as they change', async (role) => {
    const patches = settingsServer(role);
    const { user, router } = renderApp('/dashboard/my-profile#notification-settings');
    const comment = await screen.findByRole('checkbox', { name: 'Email me when someone comments on my post' });
    const reply = screen.getByRole('checkbox', { name: 'Email me when someone replies after me' });
    expect(router.state.location.pathname).toBe('/dashboard/my-profile');
    expect(comment.closest('section')).toHaveAttribute('id', 'notification-settings');
    expect(comment).toBeChecked();
    expect(reply).toBeChecked();
    await user.click(reply);
    expect(await screen.findByText('Notification settings saved.')).toBeInTheDocument();
    await waitFor(() => expect(reply).not.toBeChecked());
    expect(comment).toBeChecked();
    expect(patches).toEqual([{ emailOnReply: false }]);
  });

  it('puts a box back when the change is refused', async () => {
    settingsServer('Client');
    server.use(
      http.patch('*/api/notification-settings', () =>
        HttpResponse.json({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' }, { status: 500 }),
      ),
    );
    const { user } = renderApp('/dashboard/my-profile');
    const comment = await screen.findByRole('checkbox', { name: 'Email me when someone comments on my post' });
    await user.click(comment);
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(comment).toBeChecked());
  });
});
