import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { buildPostDetail, pagedAnswer } from '#web/testing/forum-factories.ts';
import { signedInAs } from '#web/testing/msw/handlers.ts';
import { server } from '#web/testing/msw/server.ts';
import { renderApp } from '#web/testing/render-app.tsx';

/** A promise the test resolves to let a held-back answer through. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const post = buildPostDetail({ _id: 'p1', title: 'Votes under test', upVote: 3, downVote: 1, myVote: null });

function postServer() {
  server.use(
    ...signedInAs('Client'),
    http.get('*/api/post-data/p1', () => HttpResponse.json(post)),
    http.get('*/api/comment-pagination/p1', () => pagedAnswer([])),
  );
}

async function openPost() {
  const view = renderApp('/post-details/p1');
  await screen.findByRole('heading', { name: 'Votes under test' });
  return view;
}

describe('Vote buttons', () => {
  it('show the stored counts and the member’s own vote', async () => {
    postServer();
    server.use(http.get('*/api/post-data/p1', () => HttpResponse.json({ ...post, myVote: 'down' })));
    await openPost();

    const up = screen.getByRole('button', { name: 'Upvote' });
    const down = screen.getByRole('button', { name: 'Downvote' });
    expect(up).toHaveAccessibleDescription('3 upvotes');
    expect(down).toHaveAccessibleDescription('1 downvote');
    expect(up).toHaveAttribute('aria-pressed', 'false');
    expect(down).toHaveAttribute('aria-pressed', 'true');
  });

  it('count the vote at once, then keep the server’s answer', async () => {
    postServer();
    const answer = gate();
    let calls = 0;
    server.use(
      http.patch('*/api/post-data/upVote/p1', async () => {
        calls += 1;
        await answer.opened;
        return HttpResponse.json({ modifiedCount: 1, upVote: 4, downVote: 1, myVote: 'up' });
      }),
    );
    const { user } = await openPost();
    const up = screen.getByRole('button', { name: 'Upvote' });

    await user.click(up);

    // Before the server answers.
    expect(up).toHaveAccessibleDescription('4 upvotes');
    expect(up).toHaveAttribute('aria-pressed', 'true');
    expect(up).toHaveAttribute('aria-disabled', 'true');
    await user.click(up);
    expect(up).toHaveAccessibleDescription('4 upvotes');

    answer.open();
    await waitFor(() => expect(up).not.toHaveAttribute('aria-disabled'));
    expect(up).toHaveAccessibleDescription('4 upvotes');
    expect(up).toHaveAttribute('aria-pressed', 'true');
    expect(calls).toBe(1);
  });

  it('switch a down vote to up at once', async () => {
    postServer();
    server.use(
      http.get('*/api/post-data/p1', () => HttpResponse.json({ ...post, myVote: 'down' })),
      http.patch('*/api/post-data/upVote/p1', () => new Promise<never>(() => {})),
    );
    const { user } = await openPost();

    await user.click(screen.getByRole('button', { name: 'Upvote' }));

    expect(screen.getByRole('button', { name: 'Upvote' })).toHaveAccessibleDescription('4 upvotes');
    expect(screen.getByRole('button', { name: 'Downvote' })).toHaveAccessibleDescription('0 downvotes');
    expect(screen.getByRole('button', { name: 'Downvote' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('roll back when the server refuses the vote', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    postServer();
    const answer = gate();
    server.use(
      http.patch('*/api/post-data/downVote/p1', async () => {
        await answer.opened;
        return HttpResponse.json({ message: 'Something went wrong', code: 'INTERNAL' }, { status: 500 });
      }),
    );
    const { user } = await openPost();
    const down = screen.getByRole('button', { name: 'Downvote' });

    await user.click(down);
    expect(down).toHaveAccessibleDescription('2 downvotes');
    expect(down).toHaveAttribute('aria-pressed', 'true');

    answer.open();
    await waitFor(() => expect(down).toHaveAccessibleDescription('1 downvote'));
    expect(down).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Upvote' })).toHaveAccessibleDescription('3 upvotes');
    expect(warn).toHaveBeenCalledWith('The vote was not saved', expect.objectContaining({ status: 500 }));
  });

  it('say the post is gone when it was deleted before the vote reached it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    postServer();
    const { user } = await openPost();
    server.use(
      http.patch('*/api/post-data/upVote/p1', () => HttpResponse.json({ message: 'No such post.', code: 'NOT_FOUND' }, { status: 404 })),
      http.get('*/api/post-data/p1', () => HttpResponse.json({ message: 'No such post.', code: 'NOT_FOUND' }, { status: 404 })),
    );

    await user.click(screen.getByRole('button', { name: 'Upvote' }));
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upvote' })).not.toBeInTheDocument();
  });
});
