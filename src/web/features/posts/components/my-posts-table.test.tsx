import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Post } from '#shared/schemas/post.ts';
import { signedInAs } from '#web/testing/msw/handlers.ts';
import { server } from '#web/testing/msw/server.ts';
import { renderApp } from '#web/testing/render-app.tsx';

const buildPost = (n: number, overrides: Partial<Post> = {}): Post => ({
  _id: `post-${n}`,
  title: `Post number ${n}`,
  description: `About ${n}`,
  category: 'react',
  name: 'Ada Lovelace',
  photo: null,
  time: '2026-01-01T10:00:00.000Z',
  upVote: n,
  downVote: 1,
  commentCount: 0,
  authorId: 'ada',
  descriptionHtml: `<p>About ${n}</p>`,
  excerpt: `About ${n}`,
  editedAt: null,
  ...overrides,
});

function servePosts(count: number) {
  let posts = Array.from({ length: count }, (_, i) => buildPost(i + 1));
  const pages: string[] = [];
  server.use(...signedInAs('Client'));
  server.use(
    http.get('*/api/my-post-pagination/:email', ({ request }) => {
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      pages.push(`${page}/${limit}`);
      return HttpResponse.json(posts.slice(page * limit, page * limit + limit), {
        headers: { 'X-Total-Count': String(posts.length) },
      });
    }),
    http.delete('*/api/post-delete/:id', ({ params }) => {
      posts = posts.filter((p) => p._id !== params.id);
      return HttpResponse.json({ deletedCount: 1 });
    }),
    http.get('*/api/user/:email', () => HttpResponse.json(posts)),
  );
  return { pages, remaining: () => posts };
}

describe('My Post', () => {
  it('shows title, votes (up + down), a Comment link and Delete, 10 per page with pagination', async () => {
    const { pages } = servePosts(12);
    const { user } = renderApp('/dashboard/my-post');
    const table = await screen.findByRole('table', { name: 'My posts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Post Title', 'Number of Votes', 'Comment Button', 'Delete Button']);
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    const row = screen.getByRole('row', { name: /Post number 3/ });
    expect(within(row).getByText('4')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Comment' })).toHaveAttribute('href', '/dashboard/my-post/comment-details/post-3');
    expect(within(row).getByRole('link', { name: 'Post number 3' })).toHaveAttribute('href', '/post-details/post-3');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('row', { name: /Post number 12/ })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Per page'), '5');
    expect(await screen.findByRole('row', { name: /Post number 5/ })).toBeInTheDocument();
    expect(pages).toEqual(['0/10', '1/10', '0/5']);
  });

  it('deletes a post after "Yes, delete it!" and says "Deleted!"', async () => {
    const { remaining } = servePosts(2);
    const { user } = renderApp('/dashboard/my-post');
    const row = await screen.findByRole('row', { name: /Post number 2/ });

    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    expect(confirm).toHaveTextContent("You won't be able to revert this!");
    expect(confirm).toHaveTextContent('Delete "Post number 2"?');
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Yes, delete it!' }));

    const done = await screen.findByRole('dialog', { name: 'Deleted!' });
    expect(done).toHaveTextContent('Your event has been deleted.');
    expect(remaining().map((p) => p._id)).toEqual(['post-1']);
    await waitFor(() => expect(screen.queryByRole('row', { name: /Post number 2/ })).not.toBeInTheDocument());
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('invites to write the first post when there is none', async () => {
    servePosts(0);
    renderApp('/dashboard/my-post');
    expect(await screen.findByText(/No Post Found\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'To Create Post..' })).toHaveAttribute('href', '/dashboard/add-post');
  });

  it('shows the posts as cards on My Profile with "Total Vote", "Posted Time" and the tag', async () => {
    servePosts(1);
    renderApp('/dashboard/my-profile');
    const card = (await screen.findByRole('heading', { name: 'Post number 1' })).closest('article')!;
    expect(within(card).getByText('About 1')).toBeInTheDocument();
    expect(within(card).getByText('Total Vote').nextSibling).toHaveTextContent('2');
    expect(within(card).getByText('Posted Time')).toBeInTheDocument();
    expect(within(card).getByText('#react')).toBeInTheDocument();
  });

  it('says "No Post Found. To Create Post.." on My Profile without posts', async () => {
    servePosts(0);
    renderApp('/dashboard/my-profile');
    expect(await screen.findByText(/No Post Found\./)).toHaveTextContent('No Post Found. To Create Post..');
    expect(screen.getByRole('link', { name: 'To Create Post..' })).toHaveAttribute('href', '/dashboard/add-post');
  });
});
