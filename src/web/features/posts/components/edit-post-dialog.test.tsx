import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildViewer } from '#web/testing/factories.ts';
import { buildPostDetail, pagedAnswer } from '#web/testing/forum-factories.ts';
import { signedInAs } from '#web/testing/msw/handlers.ts';
import { server } from '#web/testing/msw/server.ts';
import { createTestQueryClient, renderApp } from '#web/testing/render-app.tsx';
import { EditPostDialog } from './edit-post-dialog.tsx';

const post = { _id: 'p1', title: 'Old title', description: 'Old **text**', category: 'go', editedAt: null };
const tagChoices = {
  tags: [
    { _id: 't1', tag: 'go' },
    { _id: 't2', tag: 'rust' },
  ],
  error: null,
};

describe('Edit post', () => {
  it('edits the title, the tag and the Markdown description under the rules of writing a post', async () => {
    const patched: unknown[] = [];
    server.use(
      http.patch('*/api/post-data/p1', async ({ request }) => {
        patched.push(await request.json());
        return HttpResponse.json({ modifiedCount: 1 });
      }),
    );
    let closed = 0;
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <EditPostDialog post={post} tagChoices={tagChoices} open onClose={() => (closed += 1)} />
      </QueryClientProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit post' });
    await within(dialog).findByRole('tab', { name: 'Write' });
    expect(within(dialog).getByLabelText('Title')).toHaveFocus();
    const description = within(dialog).getByLabelText('Description');
    expect(description).toHaveValue('Old **text**');

    await user.clear(description);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Description is required')).toBeInTheDocument();
    expect(patched).toEqual([]);

    await user.type(description, 'New text');
    const tag = within(dialog).getByLabelText('Tag');
    expect(tag).toHaveValue('go');
    await user.selectOptions(tag, 'rust');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(closed).toBe(1));
    expect(patched).toEqual([{ title: 'Old title', description: 'New text', category: 'rust', baseEditedAt: null }]);
  });

  it('says the post no longer exists when it was deleted before the save, and keeps the changes in the form', async () => {
    server.use(http.patch('*/api/post-data/p1', () => HttpResponse.json({ message: 'No such post.', code: 'NOT_FOUND' }, { status: 404 })));
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <EditPostDialog post={post} tagChoices={tagChoices} open onClose={() => {}} />
      </QueryClientProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit post' });
    await within(dialog).findByRole('tab', { name: 'Write' });
    const description = within(dialog).getByLabelText('Description');
    await user.type(description, ' and a long rewrite');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This post no longer exists: it was deleted after you opened it.');
    expect(description).toHaveValue('Old **text** and a long rewrite');
  });

  it('keeps the changes when Escape closes it, and lets them go on Cancel', async () => {
    const user = userEvent.setup();
    const client = createTestQueryClient();
    const view = (open: boolean) => (
      <QueryClientProvider client={client}>
        <EditPostDialog post={post} tagChoices={tagChoices} open={open} onClose={() => undefined} />
      </QueryClientProvider>
    );
    const { rerender } = render(view(true));
    let dialog = screen.getByRole('dialog', { name: 'Edit post' });
    const title = within(dialog).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'A much better title');
    await user.keyboard('{Escape}');
    rerender(view(false));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    rerender(view(true));
    dialog = screen.getByRole('dialog', { name: 'Edit post' });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('A much better title');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    rerender(view(false));
    rerender(view(true));
    expect(within(screen.getByRole('dialog', { name: 'Edit post' })).getByLabelText('Title')).toHaveValue('Old title');
  });

  describe('on the post page', () => {
    const author = buildViewer({ id: 'author-1', email: 'author@example.com' });
    /** The author's post page; returns the edits saved. */
    function servePostPage() {
      const patched: unknown[] = [];
      server.use(
        ...signedInAs('Client', author),
        http.get('*/api/post-data/p1', () => HttpResponse.json(buildPostDetail({ ...post, authorId: author.id }))),
        http.get('*/api/comment-pagination/p1', () => pagedAnswer([])),
        http.get('*/api/tag-data', () => HttpResponse.json(tagChoices.tags)),
        http.patch('*/api/post-data/p1', async ({ request }) => {
          patched.push(await request.json());
          return HttpResponse.json({ modifiedCount: 1 });
        }),
      );
      return patched;
    }
    async function openEditor() {
      const view = renderApp('/post-details/p1');
      await view.user.click(await screen.findByRole('button', { name: 'Edit' }));
      return { ...view, dialog: screen.getByRole('dialog', { name: 'Edit post' }) };
    }

    it('keeps the unsaved changes when a lapsed session sends the member to sign in, until they are saved', async () => {
      servePostPage();
      server.use(
        http.patch('*/api/post-data/p1', () =>
          HttpResponse.json({ message: 'Please sign in to continue.', code: 'UNAUTHENTICATED' }, { status: 401 }),
        ),
      );
      const first = await openEditor();
      const title = within(first.dialog).getByLabelText('Title');
      await first.user.clear(title);
      await first.user.type(title, 'A much better title');
      await first.user.click(within(first.dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(first.router.state.location.pathname).toBe('/auth/sign-in'));
      first.unmount();

      // Signed in again, back on the post.
      const patched = servePostPage();
      const { user, dialog } = await openEditor();
      expect(within(dialog).getByLabelText('Title')).toHaveValue('A much better title');
      expect(within(dialog).getByLabelText('Description')).toHaveValue('Old **text**');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(patched).toEqual([{ title: 'A much better title', description: 'Old **text**', category: 'go', baseEditedAt: null }]),
      );
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit post' })).not.toBeInTheDocument());
      cleanup();

      // Saved: editing again starts from the post itself.
      servePostPage();
      const again = await openEditor();
      expect(within(again.dialog).getByLabelText('Title')).toHaveValue('Old title');
    });

    it('saves a draft taken up after a reload as made from the version it was typed on', async () => {
      const typedOn = '2026-01-02T03:04:05.678Z';
      window.sessionStorage.setItem(
        `edit-post-draft:${author.email}:p1`,
        JSON.stringify({ title: 'Typed before the reload', description: 'Old **text**', category: 'go', baseEditedAt: typedOn }),
      );
      const patched = servePostPage();
      const { user, dialog } = await openEditor();
      expect(within(dialog).getByLabelText('Title')).toHaveValue('Typed before the reload');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(patched).toEqual([{ title: 'Typed before the reload', description: 'Old **text**', category: 'go', baseEditedAt: typedOn }]),
      );
    });

    /** The server's refusal of a tag it does not know (posts.service.ts). */
    const unknownTag = () =>
      HttpResponse.json(
        {
          message: 'Pick a tag from the list.',
          code: 'VALIDATION_FAILED',
          details: [{ path: 'body.category', message: 'is not an existing tag' }],
        },
        { status: 400 },
      );

    /** The post's save as the server answers it: refused for a tag not among `tags()` now, else kept in `patched`. */
    const savesKnownTags = (tags: () => { tag: string }[], patched: unknown[]) =>
      http.patch('*/api/post-data/p1', async ({ request }) => {
        const body = (await request.json()) as { category: string };
        if (!tags().some((t) => t.tag === body.category)) return unknownTag();
        patched.push(body);
        return HttpResponse.json({ modifiedCount: 1 });
      });

    it('drops a tag an admin removed since the page loaded once the server refuses it, and the member can pick again', async () => {
      const patched = servePostPage();
      let tags = tagChoices.tags;
      server.use(
        http.get('*/api/tag-data', () => HttpResponse.json(tags)),
        savesKnownTags(() => tags, patched),
      );
      const { user, dialog } = await openEditor();
      const tag = within(dialog).getByLabelText('Tag');
      await within(tag).findByRole('option', { name: 'rust' });
      await user.selectOptions(tag, 'rust');
      // The tag "rust" is removed after the page read the tags: the server refuses it.
      tags = tagChoices.tags.filter((t) => t.tag !== 'rust');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(await within(dialog).findByText('Pick a tag from the list.')).toBeInTheDocument();
      await waitFor(() => expect(within(tag).queryByRole('option', { name: 'rust' })).not.toBeInTheDocument());
      expect(tag).toHaveDisplayValue('Pick a Tag');

      await user.selectOptions(tag, 'go');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit post' })).not.toBeInTheDocument());
      expect(patched).toEqual([expect.objectContaining({ category: 'go' })]);
    });

    it("drops the post's own tag once the server refuses it, renamed since the page loaded, and offers the new name", async () => {
      const patched = servePostPage();
      let tags = tagChoices.tags;
      let category = post.category;
      server.use(
        http.get('*/api/tag-data', () => HttpResponse.json(tags)),
        http.get('*/api/post-data/p1', () => HttpResponse.json(buildPostDetail({ ...post, category, authorId: author.id }))),
        savesKnownTags(() => tags, patched),
      );
      const { user, dialog } = await openEditor();
      // An admin renames "go" to "golang": the post is filed under the new name.
      tags = [{ _id: 't1', tag: 'golang' }, tagChoices.tags[1]!];
      category = 'golang';
      const title = within(dialog).getByLabelText('Title');
      await user.type(title, ', revised');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(await within(dialog).findByText('Pick a tag from the list.')).toBeInTheDocument();
      const tag = within(dialog).getByLabelText('Tag');
      await waitFor(() => expect(within(tag).queryByRole('option', { name: 'go' })).not.toBeInTheDocument());
      expect(tag).toHaveDisplayValue('Pick a Tag');
      expect(title).toHaveValue('Old title, revised');

      await user.selectOptions(tag, 'golang');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit post' })).not.toBeInTheDocument());
      expect(patched).toEqual([expect.objectContaining({ title: 'Old title, revised', category: 'golang' })]);
    });

    it('lets the changes go on Cancel', async () => {
      servePostPage();
      const first = await openEditor();
      await first.user.type(within(first.dialog).getByLabelText('Title'), ', revised');
      await first.user.click(within(first.dialog).getByRole('button', { name: 'Cancel' }));
      first.unmount();

      servePostPage();
      const { dialog } = await openEditor();
      expect(within(dialog).getByLabelText('Title')).toHaveValue('Old title');
    });
  });
});
