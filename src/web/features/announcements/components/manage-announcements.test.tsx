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
      editedAt: null as string | null,
    },
    {
      _id: 'a-2',
      title: 'Welcome',
      description: 'Hello',
      descriptionHtml: '<p>Hello</p>',
      photo: null,
      name: 'Grace',
      time: new Date().toISOString(),
      editedAt: null as string | null,
    },
  ];
  const edits: unknown[] = [];
  server.use(...signedInAs('Admin'));
  server.use(
    http.get('*/api/announcement-data', () => HttpResponse.json(items, { headers: { 'X-Total-Count': String(items.length) } })),
    http.patch('*/api/announcement-data/:id', async ({ request, params }) => {
      const { baseEditedAt, ...body } = (await request.json()) as { title: string; description: string; baseEditedAt?: string | null };
      const item = items.find((a) => a._id === params.id)!;
      // As the server: an edit made from another version than the current one is refused.
      if (baseEditedAt !== undefined && baseEditedAt !== item.editedAt) {
        return HttpResponse.json({ message: 'This announcement was edited since you opened it.', code: 'CONFLICT' }, { status: 409 });
      }
      edits.push({ id: params.id, ...body, baseEditedAt });
      Object.assign(item, body, { editedAt: new Date().toISOString() });
      return HttpResponse.json({ modifiedCount: 1 });
    }),
    http.delete('*/api/announcement-data/:id', ({ params }) => {
      const i = items.findIndex((a) => a._id === params.id);
      if (i < 0) return HttpResponse.json({ message: 'No such announcement.', code: 'NOT_FOUND' }, { status: 404 });
      items.splice(i, 1);
      return HttpResponse.json({ deletedCount: 1 });
    }),
  );
  return { items, edits };
}

/** `count` announcements, newest first ("Notice 1" the newest), served a page at a time as the server does. */
function servePagedAnnouncements(count: number) {
  let items = Array.from({ length: count }, (_, i) => ({
    _id: `n-${i + 1}`,
    title: `Notice ${i + 1}`,
    description: `About ${i + 1}`,
    descriptionHtml: `<p>About ${i + 1}</p>`,
    photo: null,
    name: 'Grace',
    time: new Date(Date.UTC(2026, 0, 1) - i * 60_000).toISOString(),
    editedAt: null,
  }));
  const pages: string[] = [];
  server.use(...signedInAs('Admin'));
  server.use(
    http.get('*/api/announcement-data', ({ request }) => {
      const url = new URL(request.url);
      const [page, limit] = [Number(url.searchParams.get('page')), Number(url.searchParams.get('limit'))];
      // The bell asks for one.
      if (limit > 1) pages.push(`${page}/${limit}`);
      return HttpResponse.json(items.slice(page * limit, (page + 1) * limit), { headers: { 'X-Total-Count': String(items.length) } });
    }),
    http.delete('*/api/announcement-data/:id', ({ params }) => {
      items = items.filter((a) => a._id !== params.id);
      return HttpResponse.json({ deletedCount: 1 });
    }),
  );
  return { pages };
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
    expect(edits).toEqual([{ id: 'a-1', title: 'Downtime', description: 'Sunday', baseEditedAt: null }]);
    const list = screen.getByRole('list', { name: 'Published announcements' });
    expect(await within(list).findByText('Downtime')).toBeInTheDocument();
    // Edited now: its row says so; the other, never edited, does not.
    expect(within(list).getAllByText('edited')).toHaveLength(1);
    expect(within(list.querySelector('[data-row-key="a-1"]')!).getByText('edited')).toBeInTheDocument();
  });

  it('leaves the editor on Escape keeping the changes, given back when it is edited again, until Cancel', async () => {
    const { edits } = serveAnnouncements();
    const { user } = renderApp('/dashboard/make-announcement');
    const edit = await screen.findByRole('button', { name: 'Edit Maintenance' });
    await user.click(edit);
    const title = within(screen.getByRole('form', { name: 'Edit Maintenance' })).getByLabelText('Title');
    await user.type(title, ' on Sunday');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Maintenance' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Edit Maintenance' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Edit Maintenance' }));
    let form = screen.getByRole('form', { name: 'Edit Maintenance' });
    expect(within(form).getByLabelText('Title')).toHaveValue('Maintenance on Sunday');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Edit Maintenance' }));
    form = screen.getByRole('form', { name: 'Edit Maintenance' });
    expect(within(form).getByLabelText('Title')).toHaveValue('Maintenance');
    expect(edits).toEqual([]);
  });

  it('keeps the admin’s text in the editor when another admin deletes the announcement meanwhile, and says it no longer exists on Save', async () => {
    const { items, edits } = serveAnnouncements();
    server.use(
      http.patch('*/api/announcement-data/:id', ({ params }) =>
        items.some((a) => a._id === params.id)
          ? HttpResponse.json({ modifiedCount: 1 })
          : HttpResponse.json({ message: 'No such announcement.', code: 'NOT_FOUND' }, { status: 404 }),
      ),
    );
    const { user } = renderApp('/dashboard/make-announcement');
    await user.click(await screen.findByRole('button', { name: 'Edit Maintenance' }));
    const form = screen.getByRole('form', { name: 'Edit Maintenance' });
    const title = within(form).getByLabelText('Title');
    await user.type(title, ' on Sunday, carefully worded');

    // Another admin deletes it; back in this tab, the list is fetched again without it.
    items.splice(0, 1);
    items[0]!.title = 'Welcome, edited meanwhile';
    window.dispatchEvent(new Event('visibilitychange'));
    const list = screen.getByRole('list', { name: 'Published announcements' });
    expect(await within(list).findByText('Welcome, edited meanwhile')).toBeInTheDocument();
    expect(form).toBeInTheDocument();
    expect(title).toHaveValue('Maintenance on Sunday, carefully worded');

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'This announcement no longer exists: it was deleted after you opened it.',
    );
    expect(title).toHaveValue('Maintenance on Sunday, carefully worded');
    expect(edits).toEqual([]);

    // Leaving the editor lets the deletion through, the focus going on from the list.
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Maintenance' })).not.toBeInTheDocument());
    expect(within(list).queryByText('Maintenance')).not.toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Edit Welcome, edited meanwhile' })).toHaveFocus();
  });

  /** Edit Maintenance opened and its title changed; meanwhile another admin edits its description. */
  async function editedByAnotherAdmin() {
    const served = serveAnnouncements();
    const { user } = renderApp('/dashboard/make-announcement');
    await user.click(await screen.findByRole('button', { name: 'Edit Maintenance' }));
    const form = screen.getByRole('form', { name: 'Edit Maintenance' });
    await user.type(within(form).getByLabelText('Title'), ' on Sunday');
    Object.assign(served.items[0]!, { description: 'Sunday, 2 to 4 UTC', editedAt: '2026-12-07T05:00:00.000Z' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const alert = await within(form).findByRole('alert');
    return { ...served, user, form, alert };
  }

  it('does not overwrite what another admin edited meanwhile: keeps the changes, and saves them over it when asked', async () => {
    const { user, form, alert, edits } = await editedByAnotherAdmin();
    expect(alert).toHaveTextContent('This announcement was edited since you opened it. Your changes are kept');
    expect(alert).toHaveTextContent('announcements keep no history');
    expect(within(form).getByLabelText('Title')).toHaveValue('Maintenance on Sunday');
    expect(edits).toEqual([]);

    await user.click(within(alert).getByRole('button', { name: 'Save mine over it' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Maintenance' })).not.toBeInTheDocument());
    expect(edits).toEqual([{ id: 'a-1', title: 'Maintenance on Sunday', description: 'Sunday', baseEditedAt: '2026-12-07T05:00:00.000Z' }]);
  });

  it('loads the version another admin saved meanwhile into the form when asked, to edit that', async () => {
    const { user, form, alert, edits } = await editedByAnotherAdmin();
    await user.click(within(alert).getByRole('button', { name: 'Load the latest version' }));
    expect(within(form).getByLabelText('Title')).toHaveValue('Maintenance');
    expect(within(form).getByLabelText('Description')).toHaveValue('Sunday, 2 to 4 UTC');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(form).getByLabelText('Title')).toHaveFocus();

    await user.type(within(form).getByLabelText('Title'), ' window');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Maintenance' })).not.toBeInTheDocument());
    expect(edits).toEqual([
      { id: 'a-1', title: 'Maintenance window', description: 'Sunday, 2 to 4 UTC', baseEditedAt: '2026-12-07T05:00:00.000Z' },
    ]);
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

  it('reads the list and the bell again when Delete finds the announcement gone (another admin deleted it, its event missed)', async () => {
    const { items } = serveAnnouncements();
    const { user } = renderApp('/dashboard/make-announcement');
    await user.click(await screen.findByRole('button', { name: 'Delete Welcome' }));
    items.splice(
      items.findIndex((a) => a._id === 'a-2'),
      1,
    );
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, delete it!' }));

    expect(await screen.findByText('No such announcement.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Published announcements' })).queryByText('Welcome')).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('1'));
  });

  it('lists them a page at a time, the page in the address, so the oldest can be reached and edited', async () => {
    const { pages } = servePagedAnnouncements(13);
    const { user, router } = renderApp('/dashboard/make-announcement');
    const list = await screen.findByRole('list', { name: 'Published announcements' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(list).getByText('Notice 10')).toBeInTheDocument();
    expect(within(list).queryByText('Notice 11')).not.toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: 'Announcement pages' });
    await user.click(within(nav).getByRole('button', { name: 'Page 2' }));
    expect(await within(list).findByText('Notice 13')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(router.state.location.search).toBe('?page=2');
    expect(within(nav).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(list).getByRole('button', { name: 'Edit Notice 13' }));
    expect(within(screen.getByRole('form', { name: 'Edit Notice 13' })).getByLabelText('Title')).toHaveValue('Notice 13');

    await user.selectOptions(within(nav).getByLabelText('Per page'), '5');
    expect(await within(list).findByText('Notice 5')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?limit=5');
    expect(pages).toEqual(['0/10', '1/10', '0/5']);
  });

  it('opens on the page the address names', async () => {
    servePagedAnnouncements(13);
    renderApp('/dashboard/make-announcement?page=2&limit=5');
    const list = await screen.findByRole('list', { name: 'Published announcements' });
    expect(await within(list).findByText('Notice 6')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
  });

  it.each([
    ['opened at it', true],
    ['paged to from the first page (kept)', false],
  ])('steps back to the page before when the last one of a later page is deleted, the focus on its last Delete (%s)', async (_, opened) => {
    servePagedAnnouncements(11);
    const { user, router } = renderApp(opened ? '/dashboard/make-announcement?page=2' : '/dashboard/make-announcement');
    const list = await screen.findByRole('list', { name: 'Published announcements' });
    if (!opened) {
      await within(list).findByText('Notice 10');
      await user.click(within(screen.getByRole('navigation', { name: 'Announcement pages' })).getByRole('button', { name: 'Page 2' }));
    }
    await user.click(await within(list).findByRole('button', { name: 'Delete Notice 11' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, delete it!' }));

    expect(await screen.findByRole('button', { name: 'Delete Notice 10' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByText('No announcements yet.')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete Notice 10' })).toHaveFocus());
    expect(screen.queryByRole('navigation', { name: 'Announcement pages' })).toBeInTheDocument();
  });

  it('shows the last page left when another admin deleted the ones of the page asked for', async () => {
    servePagedAnnouncements(10);
    const { router } = renderApp('/dashboard/make-announcement?page=3');
    const list = await screen.findByRole('list', { name: 'Published announcements' });
    expect(await within(list).findByText('Notice 10')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});
