import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Role } from '#shared/constants.ts';
import type { PublicComment } from '#shared/schemas/comment.ts';
import { buildViewer } from '#web/testing/factories.ts';
import { buildComment, buildCommentRevision, buildPostDetail, pagedAnswer } from '#web/testing/forum-factories.ts';
import { signedInAs } from '#web/testing/msw/handlers.ts';
import { server } from '#web/testing/msw/server.ts';
import { renderApp } from '#web/testing/render-app.tsx';

const writer = buildViewer({ id: 'writer-1', name: 'Writer Will', email: 'will@example.com' });
const other = buildViewer({ id: 'other-1', name: 'Other Olga', email: 'olga@example.com' });

/** Another tab or an admin edits a comment of the discussion meanwhile. */
let editElsewhere: (id: string, comment: string) => void = () => {};
/** Another tab or an admin (a ban) removes a comment of the discussion meanwhile. */
let removeElsewhere: (id: string) => void = () => {};

/** A post with the writer's comment and someone else's; edits and deletions change the list. */
function discussionServer(viewer = writer, role: Role = 'Client') {
  let comments: PublicComment[] = [
    buildComment({
      _id: 'c1',
      comment: 'Mine',
      commentHtml: '<p>Mine, <em>rendered</em></p>',
      authorId: writer.id,
      commenter_name: 'Writer Will',
    }),
    buildComment({ _id: 'c2', comment: 'Theirs', commentHtml: '<p>Theirs</p>', authorId: 'someone-else', commenter_name: 'Someone' }),
  ];
  const calls: string[] = [];
  server.use(
    ...signedInAs(role, viewer),
    http.get('*/api/post-data/p1', () => HttpResponse.json(buildPostDetail({ _id: 'p1', title: 'A discussed post' }))),
    http.get('*/api/comment-pagination/p1', () => pagedAnswer(comments)),
    http.patch('*/api/comment-data/:id', async ({ params, request }) => {
      const { comment, baseEditedAt } = (await request.json()) as { comment: string; baseEditedAt?: string | null };
      calls.push(`PATCH ${String(params.id)} ${comment}`);
      // As the server does: a comment removed meanwhile is not found, before any version is compared.
      if (!comments.some((c) => c._id === params.id)) {
        return HttpResponse.json({ message: 'No such comment.', code: 'NOT_FOUND' }, { status: 404 });
      }
      // As the server does: an edit made from a version edited since is refused.
      if (baseEditedAt !== undefined && baseEditedAt !== comments.find((c) => c._id === params.id)?.editedAt) {
        return HttpResponse.json({ message: 'This comment was edited since you opened it.', code: 'CONFLICT' }, { status: 409 });
      }
      comments = comments.map((c) =>
        c._id === params.id ? { ...c, comment, commentHtml: `<p>${comment}</p>`, editedAt: new Date().toISOString() } : c,
      );
      return HttpResponse.json({ modifiedCount: 1 });
    }),
    http.delete('*/api/comment-data/:id', ({ params }) => {
      calls.push(`DELETE ${String(params.id)}`);
      comments = comments.filter((c) => c._id !== params.id);
      return HttpResponse.json({ deletedCount: 1 });
    }),
  );
  editElsewhere = (id, comment) => {
    comments = comments.map((c) =>
      c._id === id ? { ...c, comment, commentHtml: `<p>${comment}</p>`, editedAt: new Date().toISOString() } : c,
    );
  };
  removeElsewhere = (id) => {
    comments = comments.filter((c) => c._id !== id);
  };
  return calls;
}

async function openPost() {
  const view = renderApp('/post-details/p1');
  await screen.findByText('rendered', { selector: 'em' });
  const item = (text: string) => screen.getByText(text, { exact: false, selector: 'p' }).closest('li')!;
  return { ...view, item };
}

describe('Comments: rendered, edited, deleted', () => {
  it('shows Edit and Delete only on the viewer’s own comment', async () => {
    discussionServer();
    const { item } = await openPost();
    expect(within(item('Mine')).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(item('Mine')).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(item('Theirs')).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(item('Theirs')).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('describes each Edit and Delete by its comment’s byline, as a page holds many', async () => {
    discussionServer(other, 'Admin');
    const { item } = await openPost();
    expect(within(item('Mine')).getByRole('button', { name: 'Edit' })).toHaveAccessibleDescription(/^Writer Will \S/);
    expect(within(item('Theirs')).getByRole('button', { name: 'Delete' })).toHaveAccessibleDescription(/^Someone \S/);
  });

  it('links each commenter’s name to their profile', async () => {
    discussionServer();
    const { item } = await openPost();
    expect(within(item('Theirs')).getByRole('link', { name: 'Someone' })).toHaveAttribute('href', '/members/someone-else');
  });

  it('shows them on every comment to an admin', async () => {
    discussionServer(other, 'Admin');
    const { item } = await openPost();
    expect(within(item('Theirs')).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(item('Mine')).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('edits a comment in place and marks it "edited"', async () => {
    const calls = discussionServer();
    const { user, item } = await openPost();
    await user.click(within(item('Mine')).getByRole('button', { name: 'Edit' }));

    const form = screen.getByRole('form', { name: 'Edit comment' });
    await within(form).findByRole('tab', { name: 'Write' });
    const text = within(form).getByLabelText('Comment');
    expect(text).toHaveValue('Mine');
    expect(text).toHaveFocus();
    await user.type(text, ' and **more**');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit comment' })).not.toBeInTheDocument());
    expect(calls).toEqual(['PATCH c1 Mine and **more**']);
    expect(await screen.findByText('Mine and **more**')).toBeInTheDocument();
    expect(within(item('Mine and')).getByRole('button', { name: 'edited' })).toBeInTheDocument();
  });

  it('previews an edit as a comment', async () => {
    discussionServer();
    const asked: unknown[] = [];
    server.use(
      http.post('*/api/markdown/preview', async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ html: '<p>Mine</p>' });
      }),
    );
    const { user, item } = await openPost();
    await user.click(within(item('Mine')).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit comment' });
    await user.click(await within(form).findByRole('tab', { name: 'Preview' }));
    await waitFor(() => expect(asked).toEqual([{ markdown: 'Mine', kind: 'comment' }]));
  });

  it('tells the member their comment was edited since they opened it, keeps their text, and loads the latest on request', async () => {
    const calls = discussionServer();
    const { user, item } = await openPost();
    await user.click(within(item('Mine')).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit comment' });
    await within(form).findByRole('tab', { name: 'Write' });
    const text = within(form).getByLabelText('Comment');
    await user.type(text, ', typed here');

    editElsewhere('c1', 'Edited in another tab');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('This comment was edited since you opened it.');
    expect(text).toHaveValue('Mine, typed here');

    await user.click(within(alert).getByRole('button', { name: 'Load the latest version' }));
    expect(text).toHaveValue('Edited in another tab');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    // The button went with the alert: the focus goes on from the text, not the page's start.
    expect(text).toHaveFocus();
    await user.type(text, ', then mine');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit comment' })).not.toBeInTheDocument());
    expect(calls).toEqual(['PATCH c1 Mine, typed here', 'PATCH c1 Edited in another tab, then mine']);
    expect(await screen.findByText('Edited in another tab, then mine')).toBeInTheDocument();
  });

  it('keeps the member’s text in the editor when the comment is removed meanwhile, and says it no longer exists on Save', async () => {
    const calls = discussionServer();
    const { user, item } = await openPost();
    await user.click(within(item('Mine')).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit comment' });
    await within(form).findByRole('tab', { name: 'Write' });
    const text = within(form).getByLabelText('Comment');
    await user.type(text, ', carefully rewritten');

    // Deleted in another tab (or by an admin's ban); back in this tab, the comments are fetched again without it.
    removeElsewhere('c1');
    editElsewhere('c2', 'Theirs, edited meanwhile');
    window.dispatchEvent(new Event('visibilitychange'));
    expect(await screen.findByText('Theirs, edited meanwhile')).toBeInTheDocument();
    expect(form).toBeInTheDocument();
    expect(text).toHaveValue('Mine, carefully rewritten');

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('This comment no longer exists: it was deleted after you opened it.');
    expect(text).toHaveValue('Mine, carefully rewritten');
    expect(calls).toEqual(['PATCH c1 Mine, carefully rewritten']);
    // A slip of the hand does not take the text: Escape no longer leaves an editor whose comment is gone.
    await user.keyboard('{Escape}');
    expect(form).toBeInTheDocument();
    expect(text).toHaveValue('Mine, carefully rewritten');

    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit comment' })).not.toBeInTheDocument());
    expect(screen.queryByText('rendered', { selector: 'em' })).not.toBeInTheDocument();
    expect(screen.getByText('Theirs, edited meanwhile')).toBeInTheDocument();
  });

  it('saves the member’s comment over one edited since when they choose to', async () => {
    const calls = discussionServer();
    const { user, item } = await openPost();
    await user.click(within(item('Mine')).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit comment' });
    await user.type(within(form).getByLabelText('Comment'), ', mine');
    editElsewhere('c1', 'Theirs meanwhile');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await user.click(await within(form).findByRole('button', { name: 'Save mine over it' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit comment' })).not.toBeInTheDocument());
    expect(calls).toEqual(['PATCH c1 Mine, mine', 'PATCH c1 Mine, mine']);
    expect(await screen.findByText('Mine, mine')).toBeInTheDocument();
  });

  it('keeps an unsaved comment edit when a lapsed session sends the member to sign in, until it is saved', async () => {
    discussionServer();
    server.use(
      http.patch('*/api/comment-data/:id', () =>
        HttpResponse.json({ message: 'Please sign in to continue.', code: 'UNAUTHENTICATED' }, { status: 401 }),
      ),
    );
    const first = await openPost();
    await first.user.click(within(first.item('Mine')).getByRole('button', { name: 'Edit' }));
    await within(screen.getByRole('form', { name: 'Edit comment' })).findByRole('tab', { name: 'Write' });
    const text = within(screen.getByRole('form', { name: 'Edit comment' })).getByLabelText('Comment');
    await first.user.type(text, ' and a careful correction');
    await first.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/auth/sign-in'));
    first.unmount();

    // Signed in again, back on the post.
    const calls = discussionServer();
    const { user, item } = await openPost();
    await user.click(within(item('Mine')).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit comment' });
    expect(within(form).getByLabelText('Comment')).toHaveValue('Mine and a careful correction');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toEqual(['PATCH c1 Mine and a careful correction']));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit comment' })).not.toBeInTheDocument());
    cleanup();

    // Saved: editing again starts from the comment itself.
    discussionServer();
    const again = await openPost();
    await again.user.click(within(again.item('Mine')).getByRole('button', { name: 'Edit' }));
    expect(within(screen.getByRole('form', { name: 'Edit comment' })).getByLabelText('Comment')).toHaveValue('Mine');
  });

  it('lets an unsaved comment edit go on Cancel', async () => {
    discussionServer();
    const first = await openPost();
    await first.user.click(within(first.item('Mine')).getByRole('button', { name: 'Edit' }));
    await first.user.type(screen.getByLabelText('Comment'), ' and more');
    await first.user.click(screen.getByRole('button', { name: 'Cancel' }));
    first.unmount();

    discussionServer();
    const { user, item } = await openPost();
    await user.click(within(item('Mine')).getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Comment')).toHaveValue('Mine');
  });

  it('leaves an unchanged comment edit on Escape, as Cancel does, with the focus back on "Edit"', async () => {
    const calls = discussionServer();
    const { user, item } = await openPost();
    await user.click(within(item('Mine')).getByRole('button', { name: 'Edit' }));
    await within(screen.getByRole('form', { name: 'Edit comment' })).findByRole('tab', { name: 'Write' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Edit comment' })).not.toBeInTheDocument();
    expect(within(item('Mine')).getByRole('button', { name: 'Edit' })).toHaveFocus();
    expect(calls).toEqual([]);
  });

  it('leaves a changed comment edit on Escape without losing it: "Edit" brings it back, Cancel lets it go', async () => {
    const calls = discussionServer();
    const { user, item } = await openPost();
    await user.click(within(item('Mine')).getByRole('button', { name: 'Edit' }));
    await within(screen.getByRole('form', { name: 'Edit comment' })).findByRole('tab', { name: 'Write' });
    await user.type(screen.getByLabelText('Comment'), ' and more');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Edit comment' })).not.toBeInTheDocument();
    expect(screen.getByText('rendered', { selector: 'em' })).toBeInTheDocument();

    await user.click(within(item('Mine')).getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Comment')).toHaveValue('Mine and more');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(item('Mine')).getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Comment')).toHaveValue('Mine');
    expect(calls).toEqual([]);
  });

  it('keeps a comment edit open on the Escape that lets Tab leave a code block, and leaves it on a second', async () => {
    discussionServer();
    const { user, item } = await openPost();
    await user.click(within(item('Mine')).getByRole('button', { name: 'Edit' }));
    await within(screen.getByRole('form', { name: 'Edit comment' })).findByRole('tab', { name: 'Write' });
    await user.type(screen.getByLabelText('Comment'), '{Enter}```{Enter}x');

    await user.keyboard('{Escape}');
    expect(screen.getByRole('form', { name: 'Edit comment' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Edit comment' })).not.toBeInTheDocument();
  });

  it('asks before deleting, with "Cancel" focused, and deletes on confirmation', async () => {
    const calls = discussionServer();
    const { user, item } = await openPost();
    await user.click(within(item('Mine')).getByRole('button', { name: 'Delete' }));

    const confirm = screen.getByRole('alertdialog', { name: 'Delete this comment?' });
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.click(within(item('Mine')).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('rendered')).not.toBeInTheDocument());
    expect(calls).toEqual(['DELETE c1']);
    expect(screen.getByText('Theirs')).toBeInTheDocument();
  });

  it('opens an edited comment’s history', async () => {
    discussionServer(other);
    server.use(
      http.get('*/api/comment-pagination/p1', () =>
        pagedAnswer([buildComment({ _id: 'c9', comment: 'Now', commentHtml: '<p>Now</p>', editedAt: new Date().toISOString() })]),
      ),
      http.get('*/api/comment-data/c9/revisions', () =>
        pagedAnswer([buildCommentRevision({ commentHtml: '<p>Before, <strong>bold</strong></p>', editor: { name: 'Alan Turing' } })]),
      ),
    );
    const view = renderApp('/post-details/p1');
    await screen.findByText('Now');
    await view.user.click(screen.getByRole('button', { name: 'edited' }));
    const history = screen.getByRole('dialog', { name: 'History' });
    expect(await within(history).findByText('bold', { selector: 'strong' })).toBeInTheDocument();
    // The name and time are those of the edit that replaced the version shown.
    expect(history).toHaveTextContent('Replaced by Alan Turing');
  });
});
