import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser } from '#web/testing/factories.ts';
import { signedInAs } from '#web/testing/msw/handlers.ts';
import { server } from '#web/testing/msw/server.ts';
import { renderApp } from '#web/testing/render-app.tsx';

const TAGS = [
  { _id: 't1', tag: 'javascript' },
  { _id: 't2', tag: 'react' },
];

function serveAddPost({ count, membership = 'Bronze' }: { count: number; membership?: 'Bronze' | 'Gold' }) {
  const created: unknown[] = [];
  server.use(...signedInAs('Client'));
  // Added after the viewer's defaults, so these answer first.
  server.use(
    http.get('*/api/users/:email', () => HttpResponse.json(buildUser({ membership }))),
    http.get('*/api/user-post-count/:email', () => HttpResponse.json({ count: count + created.length })),
    http.get('*/api/tag-data', () => HttpResponse.json(TAGS)),
    http.get('*/api/my-post-pagination/:email', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
    http.post('*/api/post-data', async ({ request }) => {
      created.push(await request.json());
      return HttpResponse.json({ insertedId: 'post-9' });
    }),
  );
  return created;
}

const expectLimitPrompt = async () => {
  expect(await screen.findByText('You have reached your post limit.')).toBeInTheDocument();
  expect(screen.getByText('Please upgrade your membership to continue posting.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Upgrade Membership' })).toHaveAttribute('href', '/membership');
  expect(screen.queryByRole('button', { name: 'Create Post' })).not.toBeInTheDocument();
};

async function fillPost(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Title'), 'My first post');
  await user.type(screen.getByLabelText('Description'), 'Something worth sharing.');
  await screen.findByRole('option', { name: 'react' });
  await user.selectOptions(screen.getByLabelText('Tag'), 'react');
}

describe('Add Post', () => {
  it('shows the read-only author, the labelled fields and the tags under "Pick a Tag"', async () => {
    serveAddPost({ count: 0 });
    renderApp('/dashboard/add-post');
    expect(await screen.findByLabelText('Author Name')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Author Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Author Email')).toHaveValue('ada@example.com');
    expect(screen.getByRole('img', { name: 'Photo of Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByLabelText('Description').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Tag')).toHaveDisplayValue('Pick a Tag');
    await screen.findByRole('option', { name: 'react' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Pick a Tag', 'javascript', 'react']);
  });

  it('requires a title, a description and a tag', async () => {
    const created = serveAddPost({ count: 0 });
    const { user } = renderApp('/dashboard/add-post');
    await user.click(await screen.findByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(screen.getByText('Tag is required')).toBeInTheDocument();
    expect(created).toEqual([]);
  });

  it('creates the post (the last one allowed), says so, and goes to My Post', async () => {
    const created = serveAddPost({ count: 4 });
    const { user, router } = renderApp('/dashboard/add-post');
    await fillPost(user);
    await user.click(screen.getByRole('button', { name: 'Create Post' }));

    expect(await screen.findByText('Successfully Post Created!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-post'));
    expect(created).toEqual([{ title: 'My first post', description: 'Something worth sharing.', category: 'react' }]);
  });

  it('shows the upgrade prompt instead of the form when the limit is already reached', async () => {
    serveAddPost({ count: 5 });
    renderApp('/dashboard/add-post');
    await expectLimitPrompt();
  });

  it('lets a Gold member with 5 posts write, and stops them at 10', async () => {
    serveAddPost({ count: 5, membership: 'Gold' });
    const { unmount } = renderApp('/dashboard/add-post');
    expect(await screen.findByRole('button', { name: 'Create Post' })).toBeInTheDocument();
    unmount();

    serveAddPost({ count: 10, membership: 'Gold' });
    renderApp('/dashboard/add-post');
    // There is no membership above Gold: the way on is a post of theirs deleted, not an upgrade.
    expect(await screen.findByText('You have reached your post limit.')).toBeInTheDocument();
    expect(screen.getByText('Gold membership allows 10 posts. Delete one of yours to write another.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Posts' })).toHaveAttribute('href', '/dashboard/my-post');
    expect(screen.queryByText('Please upgrade your membership to continue posting.')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade Membership' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Post' })).not.toBeInTheDocument();
  });

  it('shows the upgrade prompt when the server refuses the post with POST_LIMIT_REACHED, staying signed in', async () => {
    serveAddPost({ count: 3 });
    server.use(
      http.post('*/api/post-data', () =>
        HttpResponse.json({ message: 'You have reached your post limit.', code: 'POST_LIMIT_REACHED' }, { status: 403 }),
      ),
    );
    const { user, router } = renderApp('/dashboard/add-post');
    await fillPost(user);
    await user.click(screen.getByRole('button', { name: 'Create Post' }));

    await expectLimitPrompt();
    expect(router.state.location.pathname).toBe('/dashboard/add-post');
    expect(screen.getByRole('button', { name: 'Account' })).toBeInTheDocument();
  });

  it('moves the focus from the vanished Create Post button to the prompt, which says the text is kept', async () => {
    serveAddPost({ count: 3 });
    server.use(
      http.post('*/api/post-data', () =>
        HttpResponse.json({ message: 'You have reached your post limit.', code: 'POST_LIMIT_REACHED' }, { status: 403 }),
      ),
    );
    const first = renderApp('/dashboard/add-post');
    await fillPost(first.user);
    await first.user.click(screen.getByRole('button', { name: 'Create Post' }));

    await expectLimitPrompt();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'You have reached your post limit.' })).toHaveFocus());
    expect(screen.getByText('What you wrote is kept in this tab: it comes back here once you can post.')).toBeInTheDocument();
    first.unmount();

    // A post deleted (or Gold bought) meanwhile: the page gives the text back.
    serveAddPost({ count: 4 });
    renderApp('/dashboard/add-post');
    expect(await screen.findByLabelText('Title')).toHaveValue('My first post');
    expect(screen.getByLabelText('Description')).toHaveValue('Something worth sharing.');
  });

  it('does not take the focus, nor speak of a draft, when the limit is known as the page opens', async () => {
    serveAddPost({ count: 5 });
    renderApp('/dashboard/add-post');
    await expectLimitPrompt();
    expect(screen.getByRole('heading', { name: 'You have reached your post limit.' })).not.toHaveFocus();
    expect(screen.queryByText(/What you wrote is kept/)).not.toBeInTheDocument();
  });

  it('keeps what was typed when a lapsed session sends the member to sign in, and gives it back on return', async () => {
    serveAddPost({ count: 0 });
    server.use(
      http.post('*/api/post-data', () =>
        HttpResponse.json({ message: 'Please sign in to continue.', code: 'UNAUTHENTICATED' }, { status: 401 }),
      ),
    );
    const first = renderApp('/dashboard/add-post');
    await fillPost(first.user);
    await first.user.click(screen.getByRole('button', { name: 'Create Post' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/auth/sign-in'));
    first.unmount();

    // Signed in again, back on the page.
    const created = serveAddPost({ count: 0 });
    const { user } = renderApp('/dashboard/add-post');
    expect(await screen.findByLabelText('Title')).toHaveValue('My first post');
    expect(screen.getByLabelText('Description')).toHaveValue('Something worth sharing.');
    expect(screen.getByLabelText('Tag')).toHaveDisplayValue('react');

    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText('Successfully Post Created!')).toBeInTheDocument();
    expect(created).toEqual([{ title: 'My first post', description: 'Something worth sharing.', category: 'react' }]);
  });

  it('starts empty again once the post is created', async () => {
    serveAddPost({ count: 0 });
    const first = renderApp('/dashboard/add-post');
    await fillPost(first.user);
    await first.user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText('Successfully Post Created!')).toBeInTheDocument();
    first.unmount();

    renderApp('/dashboard/add-post');
    expect(await screen.findByLabelText('Title')).toHaveValue('');
    expect(screen.getByLabelText('Description')).toHaveValue('');
  });

  it('drops a tag an admin removed since the page loaded once the server refuses it, and the member can pick again', async () => {
    const created = serveAddPost({ count: 0 });
    // The tag "react" is removed after the page read the tags: the server refuses it.
    let tags = TAGS;
    server.use(
      http.get('*/api/tag-data', () => HttpResponse.json(tags)),
      http.post('*/api/post-data', async ({ request }) => {
        const body = (await request.json()) as { category: string };
        if (!tags.some((t) => t.tag === body.category)) {
          return HttpResponse.json(
            {
              message: 'Pick a tag from the list.',
              code: 'VALIDATION_FAILED',
              details: [{ path: 'body.category', message: 'is not an existing tag' }],
            },
            { status: 400 },
          );
        }
        created.push(body);
        return HttpResponse.json({ insertedId: 'post-9' });
      }),
    );
    const { user } = renderApp('/dashboard/add-post');
    await fillPost(user);
    tags = TAGS.filter((t) => t.tag !== 'react');
    await user.click(screen.getByRole('button', { name: 'Create Post' }));

    expect(await screen.findByText('is not an existing tag')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('option', { name: 'react' })).not.toBeInTheDocument());
    expect(screen.getByLabelText('Tag')).toHaveDisplayValue('Pick a Tag');

    await user.selectOptions(screen.getByLabelText('Tag'), 'javascript');
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText('Successfully Post Created!')).toBeInTheDocument();
    expect(created).toEqual([expect.objectContaining({ category: 'javascript' })]);
  });
});
