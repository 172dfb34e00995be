import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signedInAs } from '#web/testing/msw/handlers.ts';
import { server } from '#web/testing/msw/server.ts';
import { renderApp } from '#web/testing/render-app.tsx';

function serveAnnouncements() {
  const items = [
    {
      _id: 'a-1',
      title: 'Maintenance',
      description: 'Sunday',
      descriptionHtml: '<p>Sunday</p>',
      photo: null,
      name: 'Grace',
      time: new Date().toISOString(),
    },
    {
      _id: 'a-2',
      title: 'Welcome',
      description: 'Hello',
      descriptionHtml: '<p>Hello</p>',
      photo: null,
      name: 'Grace',
      time: new Date().toISOString(),
    },
  ];
  const edits: unknown[] = [];
  server.use(...signedInAs('Admin'));
  server.use(
    http.get('*/api/announcement-data', () => HttpResponse.json(items, { headers: { 'X-Total-Count': String(items.length) } })),
    http.patch('*/api/announcement-data/:id', async ({ request, params }) => {
      const body = (await request.json()) as { title: string; description: string };
      edits.push({ id: params.id, ...body });
      Object.assign(
        items.find((a) => a._id === params.id)!,
        body,
      );
      return HttpResponse.json({ modifiedCount: 1 });
    }),
    http.delete('*/api/announcement-data/:id', ({ params }) => {
      items.splice(
        items.findIndex((a) => a._id === params.id),
        1,
      );
      return HttpResponse.json({ deletedCount: 1 });
    }),
  );
  return { items, edits };
}

describe('Make Announcement: published announcements', () => {
  it('edits one in place', async () => {
    const { edits } = serveAnnouncements();
    const { user } = renderApp('/dashboard/make-announcement');
    await user.click(await screen.findByRole('button', { name: 'Edit Maintenance' }));
    const form = screen.getByRole('form', { name: 'Edit Maintenance' });
    const title = within(form).getByLabelText('Title');
    expect(title).toHaveValue('Maintenance');
    expect(within(form).getByLabelText('Description')).toHaveValue('Sunday');

    await user.clear(title);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Title is required')).toBeInTheDocument();

    await user.type(title, 'Downtime');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Maintenance' })).not.toBeInTheDocument());
    expect(edits).toEqual([{ id: 'a-1', title: 'Downtime', description: 'Sunday' }]);
    const list = screen.getByRole('list', { name: 'Published announcements' });
    expect(await within(list).findByText('Downtime')).toBeInTheDocument();
  });

  it('deletes one after a confirmation whose Cancel has the focus, and the bell count follows', async () => {
    serveAnnouncements();
    const { user } = renderApp('/dashboard/make-announcement');
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('2'));
    await user.click(await screen.findByRole('button', { name: 'Delete Welcome' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Delete "Welcome"?')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('1'));
    expect(within(screen.getByRole('list', { name: 'Published announcements' })).queryByText('Welcome')).not.toBeInTheDocument();
  });
});
