import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildAnnouncement, buildLeaderboardRow, buildPost, buildTag, pagedAnswer } from '#web/testing/forum-factories.ts';
import { server } from '#web/testing/msw/server.ts';
import { renderApp } from '#web/testing/render-app.tsx';

const newest = [buildPost({ title: 'Newest: hooks in depth', commentCount: 4 }), buildPost({ title: 'Newest: CSS layers' })];
const popular = [buildPost({ title: 'Popular: the event loop', upVote: 42, downVote: 3 })];
const reactResults = [buildPost({ title: 'Found: React server components', category: 'react' })];

/** The home calls, answering from the given lists and recording every list request. */
function homeServer({ total = 2 }: { total?: number } = {}) {
  const requests: { source: string; params: Record<string, string> }[] = [];
  const record = (source: string, request: Request) => {
    requests.push({ source, params: Object.fromEntries(new URL(request.url).searchParams) });
  };
  server.use(
    http.get('*/api/tag-data', () => HttpResponse.json([buildTag('css'), buildTag('react'), buildTag('node')])),
    http.get('*/api/user-data', () => HttpResponse.json([])),
    http.get('*/api/pagination', ({ request }) => {
      record('newest', request);
      return pagedAnswer(newest, total);
    }),
    http.get('*/api/post-data/popularity', ({ request }) => {
      record('popularity', request);
      return pagedAnswer(popular, total);
    }),
    http.get('*/api/search-by-tag', ({ request }) => {
      record('search', request);
      const search = new URL(request.url).searchParams.get('search');
      return search === 'react' ? pagedAnswer(reactResults) : pagedAnswer([], 0);
    }),
  );
  return requests;
}

const postList = () => screen.getByRole('region', { name: /posts|results/i });

describe('Home post list (SPEC.md §4 list source)', () => {
  it('shows the newest posts, page 0 of 5, with their cards, when nothing is searched', async () => {
    const requests = homeServer();
    renderApp('/');

    const link = await screen.findByRole('link', { name: 'Newest: hooks in depth' });
    expect(link).toHaveAttribute('href', `/post-details/${newest[0]!._id}`);
    const card = link.closest('article')!;
    expect(within(card).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(card).getByText('3 hours ago')).toBeInTheDocument();
    expect(within(card).getByText('4', { exact: false, selector: 'span' })).toHaveTextContent('4 comments');
    expect(screen.getByRole('heading', { name: 'Latest posts' })).toBeInTheDocument();
    expect(requests).toEqual([{ source: 'newest', params: { page: '0', limit: '5' } }]);
  });

  it('switches to the popularity list when sorted by popularity', async () => {
    const requests = homeServer();
    const { user, router } = renderApp('/');
    await screen.findByRole('link', { name: 'Newest: hooks in depth' });

    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sort', 'Popularity (High to Low)']);
    await user.selectOptions(sort, 'Popularity (High to Low)');

    expect(await screen.findByRole('link', { name: 'Popular: the event loop' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Newest: hooks in depth' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?sort=popularity');
    expect(requests.at(-1)).toEqual({ source: 'popularity', params: { page: '0', limit: '5' } });
  });

  it('replaces the list with the tag search results after a search is submitted', async () => {
    const requests = homeServer();
    const { user, router } = renderApp('/');
    await screen.findByRole('link', { name: 'Newest: hooks in depth' });

    await user.type(screen.getByRole('searchbox', { name: 'Search by tag' }), 'react');
    expect(screen.getByRole('searchbox', { name: 'Search by tag' })).toHaveAttribute('placeholder', 'Search by tag...');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByRole('link', { name: 'Found: React server components' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Newest: hooks in depth' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=react');
    expect(requests.at(-1)).toEqual({ source: 'search', params: { search: 'react', page: '0', limit: '5' } });
  });

  it('keeps the tag search when the results are sorted by popularity', async () => {
    const requests = homeServer();
    const { user, router } = renderApp('/?search=react');
    expect(await screen.findByRole('link', { name: 'Found: React server components' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Popularity (High to Low)');

    await waitFor(() => expect(router.state.location.search).toBe('?search=react&sort=popularity'));
    expect(screen.getByRole('searchbox', { name: 'Search by tag' })).toHaveValue('react');
    await waitFor(() =>
      expect(requests.at(-1)).toEqual({ source: 'search', params: { search: 'react', sort: 'popularity', page: '0', limit: '5' } }),
    );
    expect(screen.getByRole('link', { name: 'Found: React server components' })).toBeInTheDocument();
  });

  it('empties the list and says so when a search finds nothing', async () => {
    homeServer();
    const { user } = renderApp('/');
    await screen.findByRole('link', { name: 'Newest: hooks in depth' });

    await user.type(screen.getByRole('searchbox', { name: 'Search by tag' }), 'cobol');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('No results found for "cobol"')).toBeInTheDocument();
    expect(within(postList()).queryAllByRole('article')).toHaveLength(0);
    expect(screen.queryByRole('navigation', { name: 'Posts pages' })).not.toBeInTheDocument();
  });

  it('searches a tag when its chip is clicked', async () => {
    const requests = homeServer();
    const { user } = renderApp('/');
    const chip = await screen.findByRole('link', { name: '#react' });
    expect(chip).toHaveAttribute('href', '/?search=react');

    await user.click(chip);

    expect(await screen.findByRole('link', { name: 'Found: React server components' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '#react' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('searchbox', { name: 'Search by tag' })).toHaveValue('react');
    expect(requests.at(-1)?.source).toBe('search');
  });

  it('shows a tag typed as its chip shows it (#react) as that tag’s chip, pressed', async () => {
    homeServer();
    renderApp('/?search=%23React');

    await screen.findByRole('link', { name: '#react' });
    expect(screen.getByRole('link', { name: '#react' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '#css' })).not.toHaveAttribute('aria-current');
  });

  it('shows the same list from a shared address (state in the query string)', async () => {
    const requests = homeServer({ total: 40 });
    renderApp('/?sort=popularity&page=3&limit=10');

    expect(await screen.findByRole('link', { name: 'Popular: the event loop' })).toBeInTheDocument();
    expect(requests).toEqual([{ source: 'popularity', params: { page: '2', limit: '10' } }]);
    expect(screen.getByRole('link', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    // Each page is a link to its own address, the list's other choices kept.
    expect(screen.getByRole('link', { name: 'Page 4' })).toHaveAttribute('href', '/?sort=popularity&page=4&limit=10');
    expect(screen.getByRole('link', { name: 'Prev' })).toHaveAttribute('href', '/?sort=popularity&page=2&limit=10');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('popularity');
  });

  it('says a page past the last has no posts, not that there are none, and leads back to the first', async () => {
    homeServer({ total: 121 });
    server.use(
      http.get('*/api/pagination', ({ request }) =>
        new URL(request.url).searchParams.get('page') === '998' ? pagedAnswer([], 121) : pagedAnswer(newest, 121),
      ),
    );
    const { user, router } = renderApp('/?page=999');

    expect(await screen.findByText('No posts on this page.')).toBeInTheDocument();
    expect(screen.queryByText('No posts here yet.')).not.toBeInTheDocument();
    expect(screen.getByText('121 posts')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to the first page' }));
    expect(await screen.findByRole('link', { name: 'Newest: hooks in depth' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('says the same of a page past the last of a tag search', async () => {
    homeServer();
    server.use(http.get('*/api/search-by-tag', () => pagedAnswer([], 7)));
    renderApp('/?search=react&page=5');

    expect(await screen.findByText('No posts on this page.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the first page' })).toHaveAttribute('href', '/?search=react');
  });

  it('goes back to page 0 when the page size changes', async () => {
    const requests = homeServer({ total: 40 });
    const { user, router } = renderApp('/');
    await screen.findByRole('link', { name: 'Newest: hooks in depth' });

    await user.click(screen.getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(requests.at(-1)).toEqual({ source: 'newest', params: { page: '1', limit: '5' } }));
    expect(router.state.location.search).toBe('?page=2');
    expect(await screen.findByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Per page' }), '10');

    await waitFor(() => expect(requests.at(-1)).toEqual({ source: 'newest', params: { page: '0', limit: '10' } }));
    expect(router.state.location.search).toBe('?limit=10');
    expect(await screen.findByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
  });

  it('opens the share dialog from a card without leaving the page', async () => {
    homeServer();
    const { user, router } = renderApp('/');
    const link = await screen.findByRole('link', { name: 'Newest: hooks in depth' });

    await user.click(within(link.closest('article')!).getByRole('button', { name: 'Share' }));

    const dialog = await screen.findByRole('dialog', { name: 'Share this post' });
    const url = `${window.location.origin}/post-details/${newest[0]!._id}`;
    expect(within(dialog).getByRole('link', { name: /Facebook/ })).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}&hashtag=%23code`,
    );
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('Home side columns', () => {
  it('ranks the top contributors with their posts, points and an "Active" badge', async () => {
    homeServer();
    server.use(
      http.get('*/api/user-data', () =>
        HttpResponse.json([
          buildLeaderboardRow({ name: 'Linus', posts: 3, points: 34 }),
          buildLeaderboardRow({ name: 'Margaret', posts: 1, points: 12 }),
        ]),
      ),
    );
    renderApp('/');

    const board = await screen.findByRole('region', { name: 'Top Contributors This Week' });
    const rows = await within(board).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('#1');
    expect(rows[0]).toHaveTextContent('Linus');
    expect(rows[0]).toHaveTextContent('3 posts');
    expect(rows[0]).toHaveTextContent('34 points');
    expect(rows[0]).toHaveTextContent('Active');
    expect(rows[1]).toHaveTextContent('#2');
  });

  it('says when there are no contributors, and when the leaderboard fails', async () => {
    homeServer();
    const { unmount } = renderApp('/');
    expect(await screen.findByText('No contributors found.')).toBeInTheDocument();
    unmount();

    server.use(http.get('*/api/user-data', () => HttpResponse.json({ message: 'Database is down', code: 'INTERNAL' }, { status: 503 })));
    renderApp('/');
    expect(await screen.findByText('Failed to load leaderboard: Database is down')).toBeInTheDocument();
  });

  it('lists the announcements with title and description, or the failure text', async () => {
    homeServer();
    server.use(
      http.get('*/api/announcement-data', () =>
        pagedAnswer([buildAnnouncement({ title: 'Maintenance tonight', description: 'Back at 2 am.' })]),
      ),
    );
    const { unmount } = renderApp('/');
    const column = await screen.findByRole('region', { name: 'Announcements' });
    expect(column).toHaveAttribute('id', 'announcements');
    expect(await within(column).findByRole('heading', { name: 'Maintenance tonight' })).toBeInTheDocument();
    expect(within(column).getByText('Back at 2 am.')).toBeInTheDocument();
    // Never edited: no marker.
    expect(within(column).queryByText('edited')).not.toBeInTheDocument();
    unmount();

    server.use(http.get('*/api/announcement-data', () => HttpResponse.json({ message: 'Try later', code: 'INTERNAL' }, { status: 400 })));
    renderApp('/');
    expect(await screen.findByText('Failed to load Announcement: Try later')).toBeInTheDocument();
  });

  it('says "edited" beside the time of an announcement changed since it was published', async () => {
    homeServer();
    server.use(
      http.get('*/api/announcement-data', () =>
        pagedAnswer([
          buildAnnouncement({ title: 'Maintenance tonight', editedAt: '2026-12-07T05:00:00.000Z' }),
          buildAnnouncement({ title: 'Welcome' }),
        ]),
      ),
    );
    renderApp('/');
    const column = await screen.findByRole('region', { name: 'Announcements' });
    const edited = within(await within(column).findByRole('article', { name: 'Maintenance tonight' })).getByText('edited');
    expect(edited).toHaveAttribute('datetime', '2026-12-07T05:00:00.000Z');
    expect(edited.getAttribute('title')).toMatch(/^Edited .*2026/);
    expect(within(within(column).getByRole('article', { name: 'Welcome' })).queryByText('edited')).not.toBeInTheDocument();
  });

  it('leads on to the older announcements the bell counts, past the first ten', async () => {
    homeServer();
    // Twelve announcements, newest first, answered a page at a time.
    const all = Array.from({ length: 12 }, (_, i) => buildAnnouncement({ title: `News ${12 - i}` }));
    server.use(
      http.get('*/api/announcement-data', ({ request }) => {
        const params = new URL(request.url).searchParams;
        const page = Number(params.get('page') ?? 0);
        const limit = Number(params.get('limit') ?? 10);
        return pagedAnswer(all.slice(page * limit, (page + 1) * limit), all.length);
      }),
    );
    const { user } = renderApp('/');
    const column = await screen.findByRole('region', { name: 'Announcements' });
    expect(await within(column).findByRole('heading', { name: 'News 12' })).toBeInTheDocument();
    expect(within(column).getAllByRole('article')).toHaveLength(10);
    expect(within(column).getByText('10 of 12 shown')).toBeInTheDocument();

    await user.click(within(column).getByRole('button', { name: 'Show older announcements' }));
    // The first of the older ones takes the focus, where the reader goes on from.
    await waitFor(() => expect(within(column).getByRole('heading', { name: 'News 2' })).toHaveFocus());
    expect(within(column).getAllByRole('article')).toHaveLength(12);
    expect(within(column).getByRole('heading', { name: 'News 1' })).toBeInTheDocument();
    expect(within(column).queryByRole('button', { name: 'Show older announcements' })).not.toBeInTheDocument();
    expect(within(column).queryByText(/shown$/)).not.toBeInTheDocument();
  });

  it('says when the older announcements could not be loaded, keeps the newest, and tries again when asked', async () => {
    homeServer();
    const all = Array.from({ length: 12 }, (_, i) => buildAnnouncement({ title: `News ${12 - i}` }));
    let failing = true;
    server.use(
      http.get('*/api/announcement-data', ({ request }) => {
        const params = new URL(request.url).searchParams;
        const page = Number(params.get('page') ?? 0);
        const limit = Number(params.get('limit') ?? 10);
        if (page > 0 && failing) return HttpResponse.json({ message: 'Try later', code: 'INTERNAL' }, { status: 400 });
        return pagedAnswer(all.slice(page * limit, (page + 1) * limit), all.length);
      }),
    );
    const { user } = renderApp('/');
    const column = await screen.findByRole('region', { name: 'Announcements' });
    await user.click(await within(column).findByRole('button', { name: 'Show older announcements' }));
    expect(await within(column).findByText(/Could not load the older announcements: Try later/)).toBeInTheDocument();
    expect(within(column).getAllByRole('article')).toHaveLength(10);

    failing = false;
    await user.click(within(column).getByRole('button', { name: 'Try again' }));
    expect(await within(column).findByRole('heading', { name: 'News 1' })).toBeInTheDocument();
    expect(within(column).getAllByRole('article')).toHaveLength(12);
    expect(within(column).queryByText(/Could not load the older/)).not.toBeInTheDocument();
  });
});
