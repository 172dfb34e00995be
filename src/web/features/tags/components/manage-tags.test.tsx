import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signedInAs } from '#web/testing/msw/handlers.ts';
import { server } from '#web/testing/msw/server.ts';
import { renderApp } from '#web/testing/render-app.tsx';

function serveTags() {
  const tags = [
    { _id: 't-1', tag: 'js', used: true },
    { _id: 't-2', tag: 'python', used: false },
    { _id: 't-3', tag: 'rust', used: false },
  ];
  const deletes: string[] = [];
  const renames: string[] = [];
  server.use(...signedInAs('Admin'));
  server.use(
    http.get('*/api/tag-data', () => HttpResponse.json(tags.map(({ _id, tag }) => ({ _id, tag })))),
    http.patch('*/api/tag-data/:id', async ({ request, params }) => {
      const { tag } = (await request.json()) as { tag: string };
      renames.push(tag);
      // As the server: the name the tag already has changes nothing.
      if (tags.find((t) => t._id === params.id)!.tag === tag) return HttpResponse.json({ modifiedCount: 0 });
      if (tags.some((t) => t.tag === tag))
        return HttpResponse.json({ message: `The tag "${tag}" already exists.`, code: 'CONFLICT' }, { status: 409 });
      tags.find((t) => t._id === params.id)!.tag = tag;
      return HttpResponse.json({ modifiedCount: 1 });
    }),
    http.delete('*/api/tag-data/:id', ({ request, params }) => {
      const moveTo = new URL(request.url).searchParams.get('moveTo');
      const i = tags.findIndex((t) => t._id === params.id);
      if (tags[i]!.used && !moveTo)
        return HttpResponse.json({ message: 'Posts use this tag: choose a tag to move them to.', code: 'CONFLICT' }, { status: 409 });
      deletes.push(`${String(params.id)}→${moveTo ?? ''}`);
      tags.splice(i, 1);
      return HttpResponse.json({ deletedCount: 1 });
    }),
  );
  return { tags, deletes, renames };
}

describe('Admin Profile: Manage Tags', () => {
  it('renames a tag, and shows the refusal of a name that is taken', async () => {
    const { tags } = serveTags();
    const { user } = renderApp('/dashboard/admin-profile');
    await user.click(await screen.findByRole('button', { name: 'Rename python' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename "python"' });
    const field = within(dialog).getByLabelText('New name');
    expect(field).toHaveValue('python');
    expect(field).toHaveFocus();

    await user.clear(field);
    await user.type(field, 'rust');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByText('The tag "rust" already exists.')).toHaveAttribute('role', 'alert');

    await user.clear(field);
    await user.type(field, 'Py');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(tags.map((t) => t.tag)).toContain('py');
    const list = screen.getByRole('list', { name: 'Tags' });
    expect(await within(list).findByText('py')).toBeInTheDocument();
  });

  it('says nothing changed when the tag keeps its name, whatever its case', async () => {
    const { tags, renames } = serveTags();
    const { user } = renderApp('/dashboard/admin-profile');
    for (const [i, name] of ['python', ' PYTHON '].entries()) {
      await user.click(await screen.findByRole('button', { name: 'Rename python' }));
      const dialog = await screen.findByRole('dialog', { name: 'Rename "python"' });
      const field = within(dialog).getByLabelText('New name');
      await user.clear(field);
      await user.type(field, name);
      await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      // One toast for each try.
      await waitFor(() => expect(screen.getAllByText('Nothing changed')).toHaveLength(i + 1));
    }
    expect(renames).toEqual(['python', 'python']);
    expect(screen.queryByText('Tag renamed to "python"')).not.toBeInTheDocument();
    expect(tags.map((t) => t.tag)).toEqual(['js', 'python', 'rust']);
  });

  it('refuses a name of punctuation alone on the form, and sends nothing', async () => {
    const { tags, renames } = serveTags();
    const { user } = renderApp('/dashboard/admin-profile');
    await user.click(await screen.findByRole('button', { name: 'Rename python' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename "python"' });
    const field = within(dialog).getByLabelText('New name');
    for (const name of ['#', '...', '--']) {
      await user.clear(field);
      await user.type(field, name);
      await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
      expect(await within(dialog).findByText('A tag needs at least one letter or digit')).toBeInTheDocument();
    }
    expect(renames).toEqual([]);
    expect(tags.map((t) => t.tag)).toContain('python');
  });

  it('deletes a tag: Cancel has the focus, a used tag needs a tag to move its posts to', async () => {
    const { deletes } = serveTags();
    const { user } = renderApp('/dashboard/admin-profile');
    await user.click(await screen.findByRole('button', { name: 'Delete js' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete "js"?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Posts use this tag: choose a tag to move them to.')).toBeInTheDocument();

    const select = within(dialog).getByLabelText('Move its posts to');
    expect(within(select).queryByRole('option', { name: 'js' })).not.toBeInTheDocument();
    await user.selectOptions(select, 'rust');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deletes).toEqual(['t-1→t-3']);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Tags' })).queryByText('js')).not.toBeInTheDocument());
  });
});
