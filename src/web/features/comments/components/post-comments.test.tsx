import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildComment, buildPostDetail, pagedAnswer } from '#web/testing/forum-factories.ts';
import { signedInAs } from '#web/testing/msw/handlers.ts';
import { server } from '#web/testing/msw/server.ts';
import { renderApp } from '#web/testing/render-app.tsx';

const post = buildPostDetail({ _id: 'p1', title: 'A post to discuss' });

/** The post with a comment list that grows when a comment is posted. */
function discussionServer() {
  const comments = [buildComment({ comment: 'First!', commenter_name: 'Early Bird' })];
  const posted: unknown[] = [];
  server.use(
    ...signedInAs('Client'),
    http.get('*/api/post-data/p1', () => HttpResponse.json(post)),
    http.get('*/api/comment-pagination/p1', () => pagedAnswer(comments)),
    http.post('*/api/comment-data', async ({ request }) => {
      const body = (await request.json()) as { postId: string; comment: string };
      posted.push(body);
      comments.push(buildComment({ comment: body.comment, commenter_name: 'Ada Lovelace' }));
      return HttpResponse.json({ insertedId: 'c-new' });
    }),
  );
  return posted;
}

async function openPost() {
  const view = renderApp('/post-details/p1');
  await screen.findByRole('heading', { name: 'A post to discuss' });
  return view;
}

describe('Comments under a post', () => {
  it('lists the comments, oldest first, with their total', async () => {
    discussionServer();
    await openPost();
    const section = screen.getByRole('region', { name: /Comments/ });
    expect(await within(section).findByText('First!')).toBeInTheDocument();
    expect(within(section).getByText('Early Bird')).toBeInTheDocument();
    expect(within(section).getByRole('heading', { name: 'Comments 1' })).toBeInTheDocument();
  });

  it('requires the comment text', async () => {
    const posted = discussionServer();
    const { user } = await openPost();

    await user.click(screen.getByRole('button', { name: 'Add Comment' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a comment' });
    expect(within(dialog).getByLabelText('Comment')).toHaveFocus();
    await user.type(within(dialog).getByLabelText('Comment'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByText('Comment is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Comment')).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toEqual([]);
  });

  it('keeps what was typed when the dialog is closed unsent, in a wide dialog, and empties it once posted', async () => {
    const posted = discussionServer();
    const { user } = await openPost();
    await user.click(screen.getByRole('button', { name: 'Add Comment' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a comment' });
    // Wide enough for code: the caller's width, not the default one beside it.
    expect(dialog.className).toContain('max-w-2xl');
    expect(dialog.className).not.toContain('max-w-md');
    await user.type(within(dialog).getByLabelText('Comment'), 'A long answer');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Add a comment' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Comment' }));
    expect(screen.getByLabelText('Comment')).toHaveValue('A long answer');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Add Comment' }));
    await user.type(screen.getByLabelText('Comment'), ', finished.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('dialog', { name: 'Thanks! Your comment is live' });
    expect(posted).toEqual([{ postId: 'p1', comment: 'A long answer, finished.' }]);

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Thanks! Your comment is live' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Add Comment' }));
    expect(screen.getByLabelText('Comment')).toHaveValue('');
  });

  it('keeps the unsent comment when a lapsed session sends the member to sign in, and gives it back on this post', async () => {
    discussionServer();
    server.use(
      http.post('*/api/comment-data', () =>
        HttpResponse.json({ message: 'Please sign in to continue.', code: 'UNAUTHENTICATED' }, { status: 401 }),
      ),
    );
    const first = await openPost();
    await first.user.click(screen.getByRole('button', { name: 'Add Comment' }));
    await first.user.type(screen.getByLabelText('Comment'), 'A long answer worth keeping');
    await first.user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/auth/sign-in'));
    first.unmount();

    // Signed in again, back on the post.
    const posted = discussionServer();
    const { user } = await openPost();
    await user.click(screen.getByRole('button', { name: 'Add Comment' }));
    expect(screen.getByLabelText('Comment')).toHaveValue('A long answer worth keeping');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('dialog', { name: 'Thanks! Your comment is live' });
    expect(posted).toEqual([{ postId: 'p1', comment: 'A long answer worth keeping' }]);
    cleanup();

    // Posted: the next visit starts empty.
    discussionServer();
    const again = await openPost();
    await again.user.click(screen.getByRole('button', { name: 'Add Comment' }));
    expect(screen.getByLabelText('Comment')).toHaveValue('');
  });

  it('posts the comment, says it is live for 2 seconds, and refreshes the list and count', async () => {
    const posted = discussionServer();
    const { user } = await openPost();
    await screen.findByText('First!');

    await user.click(screen.getByRole('button', { name: 'Add Comment' }));
    await user.type(screen.getByLabelText('Comment'), 'Great write-up, thanks!');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const thanks = await screen.findByRole('dialog', { name: 'Thanks! Your comment is live' });
    expect(posted).toEqual([{ postId: 'p1', comment: 'Great write-up, thanks!' }]);
    expect(screen.queryByRole('dialog', { name: 'Add a comment' })).not.toBeInTheDocument();
    expect(screen.getByText('Great write-up, thanks!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Comments 2' })).toBeInTheDocument();

    await waitFor(() => expect(thanks).not.toBeInTheDocument());
  });

  // A comment is shown under the "Comments" h2: its `#` is stored as an h3, and so previewed.
  it('previews the comment as a comment, so its headings show at the level it will be stored with', async () => {
    discussionServer();
    const asked: unknown[] = [];
    server.use(
      http.post('*/api/markdown/preview', async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ html: '<h3>Thoughts</h3>' });
      }),
    );
    const { user } = await openPost();
    await user.click(screen.getByRole('button', { name: 'Add Comment' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a comment' });
    await within(dialog).findByRole('tab', { name: 'Write' });
    await user.type(within(dialog).getByLabelText('Comment'), '# Thoughts');
    await user.click(within(dialog).getByRole('tab', { name: 'Preview' }));

    expect(await within(dialog).findByRole('heading', { level: 3, name: 'Thoughts' })).toBeInTheDocument();
    expect(asked).toEqual([{ markdown: '# Thoughts', kind: 'comment' }]);
  });

  it('shows "Failed to post comment" with the server’s message, and keeps the text to try again', async () => {
    discussionServer();
    server.use(
      http.post('*/api/comment-data', () =>
        HttpResponse.json({ message: 'Comments are closed for maintenance.', code: 'INTERNAL' }, { status: 500 }),
      ),
    );
    const { user } = await openPost();

    await user.click(screen.getByRole('button', { name: 'Add Comment' }));
    await user.type(screen.getByLabelText('Comment'), 'Will this work?');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const failure = await screen.findByRole('alertdialog', { name: 'Failed to post comment' });
    expect(failure).toHaveTextContent('Comments are closed for maintenance.');
    await user.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(screen.getByLabelText('Comment')).toHaveValue('Will this work?');
  });

  it('shows the last page after posting, where the new comment is', async () => {
    discussionServer();
    const comments = Array.from({ length: 5 }, (_, i) => buildComment({ comment: `Older comment ${i + 1}` }));
    const pages: string[] = [];
    server.use(
      http.get('*/api/comment-pagination/p1', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        pages.push(String(page));
        return pagedAnswer(comments.slice(page * 5, page * 5 + 5), comments.length);
      }),
      http.post('*/api/comment-data', async ({ request }) => {
        const body = (await request.json()) as { comment: string };
        comments.push(buildComment({ comment: body.comment }));
        return HttpResponse.json({ insertedId: 'c-6' });
      }),
    );
    const { user, router } = await openPost();
    await screen.findByText('Older comment 1');
    expect(screen.queryByRole('navigation', { name: 'Comment pages' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Comment' }));
    await user.type(screen.getByLabelText('Comment'), 'The sixth comment');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('The sixth comment')).toBeInTheDocument();
    expect(screen.queryByText('Older comment 1')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(pages.at(-1)).toBe('1');
    // The page is in the address in place of the one shown: back still leaves the post.
    expect(router.state.location.search).toBe('?page=2');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('Post detail', () => {
  it('shows the post with its tag and line breaks, and a share dialog with both networks', async () => {
    discussionServer();
    server.use(
      http.get('*/api/post-data/p1', () =>
        HttpResponse.json({
          ...post,
          description: 'Line one\nLine two',
          descriptionHtml: '<p>Line one<br>\nLine two</p>',
          category: 'node',
          name: 'Grace Hopper',
        }),
      ),
    );
    const { user } = await openPost();

    expect(screen.getByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '#node' })).toHaveAttribute('href', '/?search=node');
    expect(screen.getByText(/Line one/)).toHaveTextContent('Line one Line two', { normalizeWhitespace: true });
    expect(screen.getByText(/Line one/).textContent).toBe('Line one\nLine two');

    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = screen.getByRole('dialog', { name: 'Share this post' });
    const url = `${window.location.origin}/post-details/p1`;
    const facebook = within(dialog).getByRole('link', { name: /Facebook/ });
    const whatsapp = within(dialog).getByRole('link', { name: /WhatsApp/ });
    expect(facebook).toHaveAttribute('href', `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}&hashtag=%23code`);
    expect(whatsapp).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(`A post to discuss ${url} #code`)}`);
    for (const link of [facebook, whatsapp]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('shows a not-found state with a way home for a post that does not exist', async () => {
    server.use(
      ...signedInAs('Client'),
      http.get('*/api/post-data/gone', () => HttpResponse.json({ message: 'No such post.', code: 'NOT_FOUND' }, { status: 404 })),
    );
    const { user, router } = renderApp('/post-details/gone');

    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Post not found · Code Commons'));
    await user.click(screen.getByRole('link', { name: 'Back To Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends a visitor to the sign-in page, remembering the post', async () => {
    const { router } = renderApp('/post-details/p1');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/post-details/p1' });
  });
});

describe('A link to one comment (#comment-{id}, as a search hit gives)', () => {
  /** The post with `count` comments c1…c{count}, answered page by page as the API does. */
  function commentsServer(count: number) {
    const comments = Array.from({ length: count }, (_, i) => buildComment({ _id: `c${i + 1}`, comment: `Comment text ${i + 1}` }));
    const requests: string[] = [];
    server.use(
      ...signedInAs('Client'),
      http.get('*/api/post-data/p1', () => HttpResponse.json(post)),
      http.get('*/api/comment-pagination/p1', ({ request }) => {
        const params = new URL(request.url).searchParams;
        const page = Number(params.get('page'));
        const limit = Number(params.get('limit'));
        requests.push(`page ${page} of ${limit}`);
        return pagedAnswer(comments.slice(page * limit, page * limit + limit), comments.length);
      }),
    );
    return requests;
  }

  // jsdom does not scroll: record what was asked to come into view.
  const original = Element.prototype.scrollIntoView;
  let scrolled: Element[] = [];
  beforeEach(() => {
    scrolled = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
  });
  afterEach(() => {
    Element.prototype.scrollIntoView = original;
  });

  const commentElement = (id: string) => document.getElementById(`comment-${id}`);

  it('highlights the comment, scrolls it into view and moves focus to it', async () => {
    const requests = commentsServer(3);
    renderApp('/post-details/p1#comment-c2');

    await waitFor(() => expect(commentElement('c2')).toHaveFocus());
    const target = commentElement('c2')!;
    expect(target).toHaveTextContent('Comment text 2');
    expect(target).toHaveAttribute('data-highlighted', 'true');
    expect(target).toHaveAttribute('tabindex', '-1');
    expect(scrolled).toContain(target);
    expect(commentElement('c1')).not.toHaveAttribute('data-highlighted');
    expect(commentElement('c1')).not.toHaveAttribute('tabindex');
    // On the first page: nothing more to look up.
    expect(requests).toEqual(['page 0 of 5']);
  });

  it('opens the page of the comment list that holds a later comment', async () => {
    const requests = commentsServer(7);
    renderApp('/post-details/p1#comment-c7');

    await waitFor(() => expect(commentElement('c7')).toHaveFocus());
    expect(commentElement('c7')).toHaveAttribute('data-highlighted', 'true');
    expect(scrolled).toContain(commentElement('c7'));
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(commentElement('c1')).toBeNull();
    expect(requests).toEqual(['page 0 of 5', 'page 0 of 100', 'page 1 of 5']);
  });

  it('shows the first page when the comment is not there any more', async () => {
    commentsServer(7);
    renderApp('/post-details/p1#comment-gone');

    expect(await screen.findByText('Comment text 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(document.querySelector('[data-highlighted]')).toBeNull();
  });
});

describe('The comment page in the address', () => {
  function manyComments(count: number) {
    const comments = Array.from({ length: count }, (_, i) => buildComment({ _id: `c${i + 1}`, comment: `Numbered comment ${i + 1}` }));
    server.use(
      ...signedInAs('Client'),
      http.get('*/api/post-data/p1', () => HttpResponse.json(post)),
      http.get('*/api/comment-pagination/p1', ({ request }) => {
        const params = new URL(request.url).searchParams;
        const [page, limit] = [Number(params.get('page')), Number(params.get('limit'))];
        return pagedAnswer(comments.slice(page * limit, page * limit + limit), comments.length);
      }),
    );
  }

  it('keeps the page and size chosen, so back from a commenter’s profile or a reload shows the same comments', async () => {
    manyComments(24);
    const { user, router } = await openPost();
    await screen.findByText('Numbered comment 1');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Numbered comment 6')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    // Paging keeps the reader where they are on the page.
    expect(router.state.location.state).toEqual({ keepScroll: true });
    await user.selectOptions(screen.getByLabelText('Per page'), '10');
    expect(await screen.findByText('Numbered comment 10')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=1&limit=10');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Numbered comment 11')).toBeInTheDocument();

    await router.navigate('/search');
    await screen.findByRole('heading', { name: 'Search' });
    await router.navigate(-1);
    expect(await screen.findByText('Numbered comment 11')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    cleanup();

    renderApp('/post-details/p1?page=3&limit=10');
    expect(await screen.findByText('Numbered comment 21')).toBeInTheDocument();
    expect(screen.queryByText('Numbered comment 11')).not.toBeInTheDocument();
  });
});
