import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SEARCH_COUNT_MAX } from '#shared/constants.ts';
import { buildSearchHit, pagedAnswer } from '#web/testing/forum-factories.ts';
import { server } from '#web/testing/msw/server.ts';
import { renderApp } from '#web/testing/render-app.tsx';

const postHit = buildSearchHit({
  postId: 'p1',
  title: 'Effects without tears',
  snippet: 'Call <mark>useEffect</mark> after &lt;b&gt;render&lt;/b&gt; &amp; clean up.',
  category: 'react',
  name: 'Grace Hopper',
  photo: '/api/images/grace',
});
const commentHit = buildSearchHit({
  type: 'comment',
  postId: 'p2',
  commentId: 'c9',
  title: 'Hooks in depth',
  snippet: 'I wrap <mark>useEffect</mark> in a custom hook.',
  category: 'javascript',
  name: 'Alan Turing',
});

/** GET /api/search answering with the given hits (and total), recording each request's query. */
function searchServer(hits = [postHit, commentHit], total = hits.length) {
  const requests: Record<string, string>[] = [];
  server.use(
    http.get('*/api/search', ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams);
      requests.push(params);
      return params.q === 'useEffect' ? pagedAnswer(hits, total) : pagedAnswer([], 0);
    }),
  );
  return requests;
}

const results = () => screen.getByRole('region', { name: /results/i });

describe('Search page', () => {
  it('lists the hits of the words in the address: title link, tag, author, photo, time and the marked snippet', async () => {
    const requests = searchServer();
    renderApp('/search?q=useEffect');

    const link = await screen.findByRole('link', { name: 'Effects without tears' });
    expect(screen.getByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
    expect(link).toHaveAttribute('href', '/post-details/p1');
    expect(screen.getByRole('searchbox', { name: 'Search terms' })).toHaveValue('useEffect');
    expect(requests).toEqual([{ q: 'useEffect', page: '0', limit: '10' }]);

    const card = link.closest('article')!;
    expect(within(card).getByText('#react')).toBeInTheDocument();
    expect(within(card).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(card).getByText('3 hours ago')).toBeInTheDocument();
    expect(card.querySelector('img')).toHaveAttribute('src', '/api/images/grace');
    expect(within(results()).getByRole('heading', { name: /^2 results/ })).toBeInTheDocument();

    // The snippet: <mark> is an element; the escaped markup around it stays text.
    const mark = card.querySelector('mark');
    expect(mark).toHaveTextContent('useEffect');
    const snippet = mark!.parentElement!;
    expect(snippet).toHaveTextContent('Call useEffect after <b>render</b> & clean up.');
    expect(snippet.querySelector('b')).toBeNull();
    expect(snippet.children).toHaveLength(1);
  });

  it('gives the count up to the cap, and "N+" with pages up to the cap when the server found more', async () => {
    searchServer([postHit], SEARCH_COUNT_MAX);
    const { unmount } = renderApp('/search?q=useEffect');
    await screen.findByRole('link', { name: 'Effects without tears' });
    expect(within(results()).getByRole('heading', { name: new RegExp(`^${SEARCH_COUNT_MAX} results`) })).toBeInTheDocument();
    unmount();

    // One past the cap is the server's "more than that".
    searchServer([postHit], SEARCH_COUNT_MAX + 1);
    renderApp('/search?q=useEffect&page=20');
    await screen.findByRole('link', { name: 'Effects without tears' });
    expect(within(results()).getByRole('heading', { name: new RegExp(`^${SEARCH_COUNT_MAX}\\+ results`) })).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Result pages' });
    expect(within(pages).getByRole('button', { name: `Page ${SEARCH_COUNT_MAX / 10}` })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('marks the found words in a title the server marked, keeping the rest text', async () => {
    searchServer([
      buildSearchHit({
        postId: 'p3',
        title: '<script>alert(1)</script> &lt; useEffect',
        titleHtml: '&lt;script&gt;alert(1)&lt;/script&gt; &amp;lt; <mark>useEffect</mark><img src=x onerror=alert(2)>',
      }),
    ]);
    renderApp('/search?q=useEffect');

    const link = await screen.findByRole('link', { name: /^<script>alert\(1\)<\/script> &lt; useEffect/ });
    expect(link).toHaveAttribute('href', '/post-details/p3');
    expect(link.querySelector('mark')).toHaveTextContent(/^useEffect$/);
    // Escaped text stays text; no other element can be made from it.
    expect(link.querySelector('script, img')).toBeNull();
    expect(link).toHaveTextContent('<script>alert(1)</script> &lt; useEffect<img src=x onerror=alert(2)>');
  });

  it('says a comment hit is a comment and links to the comment on its post', async () => {
    searchServer();
    renderApp('/search?q=useEffect');

    const link = await screen.findByRole('link', { name: 'Comment on Hooks in depth' });
    expect(link).toHaveAttribute('href', '/post-details/p2#comment-c9');
    const card = link.closest('article')!;
    expect(within(card).getByText('Alan Turing')).toBeInTheDocument();
    expect(within(card).getByText('#javascript')).toBeInTheDocument();
    expect(card.querySelector('mark')).toHaveTextContent('useEffect');
    // The default avatar stands in for a missing photo.
    expect(card.querySelector('img')).toHaveAttribute('src', '/default-avatar.png');
  });

  it('says nothing matched, with the words searched', async () => {
    searchServer();
    renderApp('/search?q=%22no%20such%20thing%22');

    expect(await screen.findByText('No posts match ""no such thing"".')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Result pages' })).not.toBeInTheDocument();
  });

  it('asks for words instead of searching when there are none', async () => {
    const requests = searchServer();
    renderApp('/search?q=%20%20');

    expect(await screen.findByText('Search the words of posts and comments.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search terms' })).toHaveValue('');
    expect(screen.queryByRole('region', { name: /results/i })).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('searches the words submitted in its form, keeping them in the address', async () => {
    const requests = searchServer();
    const { user, router } = renderApp('/search');
    const box = await screen.findByRole('searchbox', { name: 'Search terms' });

    await user.type(box, '  useEffect ');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByRole('link', { name: 'Effects without tears' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=useEffect');
    expect(requests).toEqual([{ q: 'useEffect', page: '0', limit: '10' }]);
  });

  it('sorts by newest through the address, back at the first page', async () => {
    const requests = searchServer([postHit, commentHit], 30);
    const { user, router } = renderApp('/search?q=useEffect&page=2');
    await screen.findByRole('link', { name: 'Effects without tears' });

    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Relevance', 'Newest']);
    await user.selectOptions(sort, 'Newest');

    await waitFor(() => expect(router.state.location.search).toBe('?q=useEffect&sort=newest'));
    await waitFor(() => expect(requests.at(-1)).toEqual({ q: 'useEffect', sort: 'newest', page: '0', limit: '10' }));
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
  });

  it('pages like the home list: one-based page in the address, zero-based to the API', async () => {
    const requests = searchServer([postHit, commentHit], 25);
    const { user, router } = renderApp('/search?q=useEffect');
    await screen.findByRole('link', { name: 'Effects without tears' });
    const pages = screen.getByRole('navigation', { name: 'Result pages' });
    expect(within(pages).getAllByRole('button', { name: /^Page / })).toHaveLength(3);

    await user.click(within(pages).getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(router.state.location.search).toBe('?q=useEffect&page=2'));
    await waitFor(() => expect(requests.at(-1)).toEqual({ q: 'useEffect', page: '1', limit: '10' }));
    expect(await screen.findByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Per page' }), '20');
    await waitFor(() => expect(router.state.location.search).toBe('?q=useEffect&limit=20'));
    await waitFor(() => expect(requests.at(-1)).toEqual({ q: 'useEffect', page: '0', limit: '20' }));
  });

  it('shows a loading state, then an error with "Try again"', async () => {
    let fail = true;
    server.use(
      http.get('*/api/search', () =>
        fail ? HttpResponse.json({ message: 'The search is resting.', code: 'INTERNAL' }, { status: 500 }) : pagedAnswer([postHit]),
      ),
    );
    const { user } = renderApp('/search?q=useEffect');

    expect(await screen.findByRole('status', { name: 'Searching' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not search: The search is resting.');

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Effects without tears' })).toBeInTheDocument();
  });
});
