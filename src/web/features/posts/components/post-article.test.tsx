import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Role } from '#shared/constants.ts';
import type { PostDetail } from '#shared/schemas/post.ts';
import { buildViewer } from '#web/testing/factories.ts';
import { buildPostDetail, buildPostRevision, pagedAnswer } from '#web/testing/forum-factories.ts';
import { signedInAs } from '#web/testing/msw/handlers.ts';
import { server } from '#web/testing/msw/server.ts';
import { renderApp } from '#web/testing/render-app.tsx';
import { postKeys } from '../api/query-keys.ts';

const author = buildViewer({ id: 'author-1', name: 'Grace Hopper', email: 'grace@example.com' });
const reader = buildViewer({ id: 'reader-1', name: 'Reader Rita', email: 'rita@example.com' });

/** Another tab or an admin (a ban) deletes the post meanwhile. */
let deleteElsewhere: () => void = () => {};

/** The post page's server: the post (changed by PATCH), no comments, and what was sent. */
function postServer(viewer = author, role: Role = 'Client', overrides: Partial<PostDetail> = {}) {
  let post = buildPostDetail({
    _id: 'p1',
    title: 'Typed code',
    description: '```ts\nconst a = 1;\n```',
    descriptionHtml: '<pre><code class="language-ts"><span class="hljs-keyword">const</span> a = 1;</code></pre>',
    authorId: author.id,
    ...overrides,
  });
  let deleted = false;
  const patched: unknown[] = [];
  const gone = () => HttpResponse.json({ message: 'No such post.', code: 'NOT_FOUND' }, { status: 404 });
  server.use(
    ...signedInAs(role, viewer),
    http.get('*/api/post-data/p1', () => (deleted ? gone() : HttpResponse.json(post))),
    http.get('*/api/comment-pagination/p1', () => pagedAnswer([])),
    http.patch('*/api/post-data/p1', async ({ request }) => {
      const body = (await request.json()) as { title: string; description: string };
      patched.push(body);
      // As the server does: a post deleted meanwhile is not found, before any version is compared.
      if (deleted) return gone();
      post = { ...post, ...body, descriptionHtml: `<p>${body.description}</p>`, editedAt: new Date().toISOString() };
      return HttpResponse.json({ modifiedCount: 1 });
    }),
  );
  deleteElsewhere = () => {
    deleted = true;
  };
  return patched;
}

async function openPost() {
  const view = renderApp('/post-details/p1');
  await screen.findByRole('heading', { level: 1, name: 'Typed code' });
  return view;
}

describe('The post page with Markdown and editing', () => {
  it('shows the stored HTML: highlighted code with a Copy button', async () => {
    postServer(reader);
    await openPost();
    const article = screen.getAllByRole('article')[0]!;
    expect(within(article).getByText('const')).toHaveClass('hljs-keyword');
    expect(within(article).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    // Not edited, not the reader's: no marker, no Edit.
    expect(within(article).queryByRole('button', { name: 'edited' })).not.toBeInTheDocument();
    expect(within(article).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('links the author’s name to their profile', async () => {
    postServer(reader);
    await openPost();
    const article = screen.getAllByRole('article')[0]!;
    expect(within(article).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', `/members/${author.id}`);
  });

  it('lets an admin edit someone else’s post', async () => {
    postServer(reader, 'Admin');
    await openPost();
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('lets the author edit the title and the description, then shows the new version marked "edited"', async () => {
    const patched = postServer();
    const { user } = await openPost();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));

    const dialog = screen.getByRole('dialog', { name: 'Edit post' });
    await within(dialog).findByRole('tab', { name: 'Write' });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Typed code');
    const description = within(dialog).getByLabelText('Description');
    expect(description).toHaveValue('```ts\nconst a = 1;\n```');

    await user.clear(description);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Description is required')).toBeInTheDocument();
    expect(patched).toEqual([]);

    await user.type(description, 'Plain now');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit post' })).not.toBeInTheDocument());
    expect(patched).toEqual([{ title: 'Typed code', description: 'Plain now', category: 'react', baseEditedAt: null }]);
    expect(await screen.findByText('Plain now')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'edited' })).toBeInTheDocument();
  });

  it('keeps the Edit post dialog and the member’s text when the post is deleted meanwhile, and says it no longer exists on Save', async () => {
    const patched = postServer();
    const { user, queryClient } = await openPost();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit post' });
    await within(dialog).findByRole('tab', { name: 'Write' });
    const title = within(dialog).getByLabelText('Title');
    const description = within(dialog).getByLabelText('Description');
    await user.type(title, ', rewritten');
    await user.clear(description);
    await user.type(description, 'A long rewrite');

    // Deleted in another tab (or by an admin's ban); back in this tab, the post is fetched again: gone.
    deleteElsewhere();
    window.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(queryClient.getQueryState(postKeys.detail('p1'))?.status).toBe('error'));
    expect(dialog).toBeInTheDocument();
    expect(title).toHaveValue('Typed code, rewritten');
    expect(description).toHaveValue('A long rewrite');
    // Behind the dialog, the post as it was shown.
    expect(screen.getByRole('heading', { level: 1, name: 'Typed code', hidden: true })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This post no longer exists: it was deleted after you opened it.');
    expect(patched).toEqual([{ title: 'Typed code, rewritten', description: 'A long rewrite', category: 'react', baseEditedAt: null }]);
    expect(title).toHaveValue('Typed code, rewritten');
    expect(description).toHaveValue('A long rewrite');
    // A slip of the hand does not take the text: Escape no longer closes a dialog whose post is gone.
    await user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
    expect(description).toHaveValue('A long rewrite');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Edit post' })).not.toBeInTheDocument();
  });

  it('shows "Post not found" once the dialog is left when only the save learnt that the post was deleted', async () => {
    postServer();
    const { user } = await openPost();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit post' });
    await within(dialog).findByRole('tab', { name: 'Write' });
    const title = within(dialog).getByLabelText('Title');
    await user.type(title, ', rewritten');

    // Deleted in another tab, and no word of it reached this one.
    deleteElsewhere();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This post no longer exists: it was deleted after you opened it.');
    expect(title).toHaveValue('Typed code, rewritten');
    expect(screen.getByRole('heading', { level: 1, name: 'Typed code', hidden: true })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeInTheDocument();
  });

  it('keeps the Add Comment dialog and the member’s text when the post is deleted meanwhile, and says so on Submit', async () => {
    postServer(reader);
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/comment-data', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'No such post.', code: 'NOT_FOUND' }, { status: 404 });
      }),
    );
    const { user, queryClient } = await openPost();
    await user.click(screen.getByRole('button', { name: 'Add Comment' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a comment' });
    const comment = await within(dialog).findByRole('textbox', { name: 'Comment' });
    await user.type(comment, 'A long and careful answer');

    // Deleted by its author in another tab; back in this tab, the post is fetched again: gone.
    deleteElsewhere();
    window.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(queryClient.getQueryState(postKeys.detail('p1'))?.status).toBe('error'));
    expect(dialog).toBeInTheDocument();
    expect(comment).toHaveValue('A long and careful answer');
    expect(screen.getByRole('heading', { level: 1, name: 'Typed code', hidden: true })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    const failed = await screen.findByRole('alertdialog', { name: 'Failed to post comment' });
    expect(failed).toHaveTextContent('This post no longer exists: it was deleted after you opened it.');
    expect(sent).toEqual([{ postId: 'p1', comment: 'A long and careful answer' }]);
    // The text comes back to copy.
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Comment' })).toHaveValue('A long and careful answer');

    await user.click(within(screen.getByRole('dialog', { name: 'Add a comment' })).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeInTheDocument();
  });

  it('opens the history from "edited": earlier versions rendered, newest first, a page at a time', async () => {
    postServer(reader, 'Client', { editedAt: new Date().toISOString() });
    const pages: number[] = [];
    const versions = Array.from({ length: 7 }, (_, i) =>
      buildPostRevision({ title: `Title v${7 - i}`, descriptionHtml: `<p>Version ${7 - i}</p>`, editor: { name: 'Grace Hopper' } }),
    );
    server.use(
      http.get('*/api/post-data/p1/revisions', ({ request }) => {
        const url = new URL(request.url);
        const page = Number(url.searchParams.get('page'));
        const limit = Number(url.searchParams.get('limit'));
        pages.push(page);
        return pagedAnswer(versions.slice(page * limit, page * limit + limit), versions.length);
      }),
    );
    const { user } = await openPost();
    await user.click(screen.getByRole('button', { name: 'edited' }));

    const history = screen.getByRole('dialog', { name: 'History' });
    const list = await within(history).findByRole('list', { name: 'Earlier versions, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent('Title v7');
    expect(within(items[0]!).getByText('Version 7')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Grace Hopper');

    await user.click(within(history).getByRole('button', { name: 'Older' }));
    expect(await within(history).findByText('Version 2')).toBeInTheDocument();
    expect(within(history).getByText('Version 1')).toBeInTheDocument();
    expect(within(history).getByRole('button', { name: 'Older' })).toBeDisabled();
    expect(pages).toEqual([0, 1]);
  });

  it('shows the tag of each earlier version, so an edit that only moved the post to another tag is seen in its history', async () => {
    postServer(reader, 'Client', { category: 'typescript', editedAt: new Date().toISOString() });
    server.use(
      http.get('*/api/post-data/p1/revisions', () =>
        pagedAnswer([buildPostRevision({ title: 'Same title', descriptionHtml: '<p>Same text</p>', category: 'react' })], 1),
      ),
    );
    const { user } = await openPost();
    await user.click(screen.getByRole('button', { name: 'edited' }));

    const history = screen.getByRole('dialog', { name: 'History' });
    const list = await within(history).findByRole('list', { name: 'Earlier versions, newest first' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('#react');
  });
});
