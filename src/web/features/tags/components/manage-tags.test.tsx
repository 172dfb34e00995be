import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signedInAs } from '#web/testing/msw/handlers.ts';
import { server } from '#web/testing/msw/server.ts';
import { renderApp } from '#web/testing/render-app.tsx';

function serveTags() {
  const tags = [
    { _id: 't-1', tag: 'js', posts: 2 },
    { _id: 't-2', tag: 'python', posts: 0 },
    { _id: 't-3', tag: 'rust', posts: 1 },
  ];
  const deletes: string[] = [];
  const renames: string[] = [];
  // The count answers once `release` is called (it is pending till then), so a test sees the
  // dialog while it is being asked.
  const usage = { held: false, release: () => {}, asked: [] as string[] };
  server.use(...signedInAs('Admin'));
  server.use(
    http.get('*/api/tag-data', () => HttpResponse.json(tags.map(({ _id, tag }) => ({ _id, tag })))),
    http.get('*/api/tag-data/:id/usage', async ({ params }) => {
      usage.asked.push(String(params.id));
      if (usage.held) await new Promise<void>((resolve) => (usage.release = resolve));
      const tag = tags.find((t) => t._id === params.id);
      if (!tag) return HttpResponse.json({ message: 'No such tag.', code: 'NOT_FOUND' }, { status: 404 });
      return HttpResponse.json({ postCount: tag.posts });
    }),
    http.patch('*/api/tag-data/:id', async ({ request, params }) => {
      const { tag } = (await request.json()) as { tag: string };
      renames.push(tag);
      const renamed = tags.find((t) => t._id === params.id);
      if (!renamed) return HttpResponse.json({ message: 'No such tag.', code: 'NOT_FOUND' }, { status: 404 });
      // As the server: the name the tag already has changes nothing.
      if (renamed.tag === tag) return HttpResponse.json({ modifiedCount: 0 });
      if (tags.some((t) => t.tag === tag))
        return HttpResponse.json({ message: `The tag "${tag}" already exists.`, code: 'CONFLICT' }, { status: 409 });
      tags.find((t) => t._id === params.id)!.tag = tag;
      return HttpResponse.json({ modifiedCount: 1 });
    }),
    http.delete('*/api/tag-data/:id', ({ request, params }) => {
      const moveTo = new URL(request.url).searchParams.get('moveTo');
      const i = tags.findIndex((t) => t._id === params.id);
      if (i < 0) return HttpResponse.json({ message: 'No such tag.', code: 'NOT_FOUND' }, { status: 404 });
      if (tags[i]!.posts > 0 && !moveTo)
        return HttpResponse.json({ message: 'Posts use this tag: choose a tag to move them to.', code: 'CONFLICT' }, { status: 409 });
      deletes.push(`${String(params.id)}→${moveTo ?? ''}`);
      if (moveTo) tags.find((t) => t._id === moveTo)!.posts += tags[i]!.posts;
      tags.splice(i, 1);
      return HttpResponse.json({ deletedCount: 1 });
    }),
  );
  return { tags, deletes, renames, usage };
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

  it('deletes a tag no post uses: the dialog says so, asks for no tag, and Delete is ready', async () => {
    const { deletes } = serveTags();
    const { user } = renderApp('/dashboard/admin-profile');
    await user.click(await screen.findByRole('button', { name: 'Delete python' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete "python"?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(await within(dialog).findByText('No post uses this tag.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    const remove = within(dialog).getByRole('button', { name: 'Delete' });
    expect(remove).toBeEnabled();
    await user.click(remove);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deletes).toEqual(['t-2→']);
  });

  it('deletes a tag posts use: the dialog counts them, and Delete waits for the tag they move to', async () => {
    const { deletes, usage } = serveTags();
    usage.held = true;
    const { user } = renderApp('/dashboard/admin-profile');
    await user.click(await screen.findByRole('button', { name: 'Delete js' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete "js"?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(await within(dialog).findByText('Counting its posts…')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
    usage.release();

    expect(await within(dialog).findByText('2 posts use this tag. Choose the tag they move to.')).toBeInTheDocument();
    const select = within(dialog).getByLabelText('Move its posts to');
    // No tag is chosen for the admin, and none of the choices is "none".
    expect(select).toHaveValue('');
    expect(
      within(select)
        .getAllByRole('option', { selected: true })
        .map((o) => o.textContent),
    ).toEqual(['Choose a tag']);
    expect(within(select).queryByRole('option', { name: 'js' })).not.toBeInTheDocument();
    expect(within(select).queryByRole('option', { name: /none/i })).not.toBeInTheDocument();
    const remove = within(dialog).getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.selectOptions(select, 'rust');
    expect(remove).toBeEnabled();
    await user.click(remove);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deletes).toEqual(['t-1→t-3']);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Tags' })).queryByText('js')).not.toBeInTheDocument());
    // Asked once, as the dialog opened: not again for the tag just removed, as the lists refresh.
    expect(usage.asked).toEqual(['t-1']);
  });

  it('says "1 post uses this tag"', async () => {
    serveTags();
    const { user } = renderApp('/dashboard/admin-profile');
    await user.click(await screen.findByRole('button', { name: 'Delete rust' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete "rust"?' });
    expect(await within(dialog).findByText('1 post uses this tag. Choose the tag it moves to.')).toBeInTheDocument();
  });

  it('counts again when the delete is refused because posts took the tag meanwhile, and asks for a tag', async () => {
    const { tags, deletes } = serveTags();
    const { user } = renderApp('/dashboard/admin-profile');
    await user.click(await screen.findByRole('button', { name: 'Delete python' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete "python"?' });
    expect(await within(dialog).findByText('No post uses this tag.')).toBeInTheDocument();
    tags.find((t) => t.tag === 'python')!.posts = 3;

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Posts use this tag: choose a tag to move them to.')).toHaveAttribute('role', 'alert');
    expect(await within(dialog).findByText('3 posts use this tag. Choose the tag they move to.')).toBeInTheDocument();
    const select = within(dialog).getByLabelText('Move its posts to');
    // Delete, which had the focus, cannot be pressed now: the focus goes to what is needed.
    expect(select).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(within(dialog).getByText('Posts use this tag: choose a tag to move them to.')).toBeInTheDocument();

    await user.selectOptions(select, 'js');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deletes).toEqual(['t-2→t-1']);
  });

  it('leaves the choice to the admin and the refusal to the server when the count fails', async () => {
    const { deletes } = serveTags();
    server.use(http.get('*/api/tag-data/:id/usage', () => HttpResponse.json({ message: 'Boom', code: 'INTERNAL' }, { status: 500 })));
    const { user } = renderApp('/dashboard/admin-profile');
    await user.click(await screen.findByRole('button', { name: 'Delete js' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete "js"?' });
    expect(
      await within(dialog).findByText('Could not count its posts. If any use this tag, choose the tag they move to.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Move its posts to')).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Posts use this tag: choose a tag to move them to.')).toHaveAttribute('role', 'alert');

    await user.selectOptions(within(dialog).getByLabelText('Move its posts to'), 'python');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deletes).toEqual(['t-1→t-2']);
  });

  it('asks for another tag first when posts use the only tag', async () => {
    serveTags();
    server.use(http.get('*/api/tag-data', () => HttpResponse.json([{ _id: 't-1', tag: 'js' }])));
    const { user } = renderApp('/dashboard/admin-profile');
    await user.click(await screen.findByRole('button', { name: 'Delete js' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete "js"?' });
    expect(
      await within(dialog).findByText('2 posts use this tag, and there is no other tag to move them to: add one first.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
  });

  it('reads the tags again when Rename finds the tag gone (another admin deleted it meanwhile)', async () => {
    const { tags } = serveTags();
    const { user } = renderApp('/dashboard/admin-profile');
    await user.click(await screen.findByRole('button', { name: 'Rename python' }));
    tags.splice(
      tags.findIndex((t) => t.tag === 'python'),
      1,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Rename "python"' });
    const field = within(dialog).getByLabelText('New name');
    await user.clear(field);
    await user.type(field, 'py');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));

    expect(await within(dialog).findByText('No such tag.')).toHaveAttribute('role', 'alert');
    const list = screen.getByRole('list', { name: 'Tags' });
    await waitFor(() => expect(within(list).queryByText('python')).not.toBeInTheDocument());
  });

  it('says a tag another admin deleted meanwhile is gone, offers no Delete, and reads the tags again', async () => {
    const { tags, deletes } = serveTags();
    const { user } = renderApp('/dashboard/admin-profile');
    await screen.findByRole('button', { name: 'Delete python' });
    tags.splice(
      tags.findIndex((t) => t.tag === 'python'),
      1,
    );
    await user.click(screen.getByRole('button', { name: 'Delete python' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete "python"?' });

    expect(await within(dialog).findByText('This tag no longer exists: another admin deleted it.')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Could not count its posts/)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
    const list = screen.getByRole('list', { name: 'Tags' });
    await waitFor(() => expect(within(list).queryByText('python')).not.toBeInTheDocument());
    expect(deletes).toEqual([]);
  });

  it('says so when Delete finds the tag gone since the dialog counted its posts, and reads the tags again', async () => {
    const { tags } = serveTags();
    const { user } = renderApp('/dashboard/admin-profile');
    await user.click(await screen.findByRole('button', { name: 'Delete python' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete "python"?' });
    expect(await within(dialog).findByText('No post uses this tag.')).toBeInTheDocument();
    tags.splice(
      tags.findIndex((t) => t.tag === 'python'),
      1,
    );

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('This tag no longer exists: another admin deleted it.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
    // Delete had the focus: it goes to Cancel, not to the page.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    const list = screen.getByRole('list', { name: 'Tags' });
    await waitFor(() => expect(within(list).queryByText('python')).not.toBeInTheDocument());
  });
});
