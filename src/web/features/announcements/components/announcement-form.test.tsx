import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildViewer } from '#web/testing/factories.ts';
import { signedInAs } from '#web/testing/msw/handlers.ts';
import { server } from '#web/testing/msw/server.ts';
import { renderApp } from '#web/testing/render-app.tsx';

describe('Make Announcement', () => {
  it('publishes, confirms, empties the form and raises the bell count', async () => {
    let count = 2;
    const bodies: unknown[] = [];
    server.use(...signedInAs('Admin', buildViewer({ name: 'Grace Hopper', image: '/api/images/grace' })));
    server.use(
      http.get('*/api/announcement-data', () => HttpResponse.json([], { headers: { 'X-Total-Count': String(count) } })),
      http.post('*/api/announcement-data', async ({ request }) => {
        bodies.push(await request.json());
        count += 1;
        return HttpResponse.json({ insertedId: 'a-1' });
      }),
    );
    const { user } = renderApp('/dashboard/make-announcement');

    expect(await screen.findByRole('heading', { level: 1, name: 'Create Post' })).toBeInTheDocument();
    const image = screen.getByLabelText('Author Image URL');
    expect(image).toHaveAttribute('type', 'url');
    expect(image).toHaveAttribute('readonly');
    expect(image).toHaveValue(`${window.location.origin}/api/images/grace`);
    expect(screen.getByLabelText('Author Name')).toHaveValue('Grace Hopper');
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('2'));

    await user.click(screen.getByRole('button', { name: 'Make Post' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Title'), 'Maintenance window');
    await user.type(screen.getByLabelText('Description'), 'The forum is read-only on Sunday.');
    await user.click(screen.getByRole('button', { name: 'Make Post' }));

    expect(await screen.findByText('Successfully Announcement Added!')).toBeInTheDocument();
    expect(bodies).toEqual([{ title: 'Maintenance window', description: 'The forum is read-only on Sunday.' }]);
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue(''));
    expect(screen.getByLabelText('Description')).toHaveValue('');
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('3'));
  });

  // An announcement's text is shown under its own h3 title: its `#` is stored as an h4, and so previewed.
  it('previews the description as an announcement', async () => {
    const asked: unknown[] = [];
    server.use(...signedInAs('Admin', buildViewer({ name: 'Grace Hopper' })));
    server.use(
      http.get('*/api/announcement-data', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
      http.post('*/api/markdown/preview', async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ html: '<h4>Downtime</h4>' });
      }),
    );
    const { user } = renderApp('/dashboard/make-announcement');
    await screen.findByRole('tab', { name: 'Write' });
    await user.type(screen.getByLabelText('Description'), '# Downtime');
    await user.click(screen.getByRole('tab', { name: 'Preview' }));

    expect(await screen.findByRole('heading', { level: 4, name: 'Downtime' })).toBeInTheDocument();
    expect(asked).toEqual([{ markdown: '# Downtime', kind: 'announcement' }]);
  });

  it('keeps what was typed when a lapsed session sends the admin to sign in, and gives it back on return', async () => {
    const admin = buildViewer({ name: 'Grace Hopper', email: 'grace@example.com' });
    server.use(...signedInAs('Admin', admin));
    server.use(
      http.get('*/api/announcement-data', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
      http.post('*/api/announcement-data', () =>
        HttpResponse.json({ message: 'Please sign in to continue.', code: 'UNAUTHENTICATED' }, { status: 401 }),
      ),
    );
    const first = renderApp('/dashboard/make-announcement');
    await first.user.type(await screen.findByLabelText('Title'), 'Maintenance window');
    await first.user.type(screen.getByLabelText('Description'), 'The forum is read-only on Sunday.');
    await first.user.click(screen.getByRole('button', { name: 'Make Post' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/auth/sign-in'));
    first.unmount();

    // Signed in again, back on the page.
    const bodies: unknown[] = [];
    server.use(...signedInAs('Admin', admin));
    server.use(
      http.post('*/api/announcement-data', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ insertedId: 'a-1' });
      }),
    );
    const { user, unmount } = renderApp('/dashboard/make-announcement');
    expect(await screen.findByLabelText('Title')).toHaveValue('Maintenance window');
    expect(screen.getByLabelText('Description')).toHaveValue('The forum is read-only on Sunday.');

    await user.click(screen.getByRole('button', { name: 'Make Post' }));
    expect(await screen.findByText('Successfully Announcement Added!')).toBeInTheDocument();
    expect(bodies).toEqual([{ title: 'Maintenance window', description: 'The forum is read-only on Sunday.' }]);
    unmount();

    // Published, it is no draft any more.
    renderApp('/dashboard/make-announcement');
    expect(await screen.findByLabelText('Title')).toHaveValue('');
    expect(screen.getByLabelText('Description')).toHaveValue('');
  });
});
