import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildViewer } from '#web/testing/factories.ts';
import {
  buildComment,
  buildLeaderboardRow,
  buildMemberProfile,
  buildPost,
  buildPostDetail,
  pagedAnswer,
} from '#web/testing/forum-factories.ts';
import { signedInAs } from '#web/testing/msw/handlers.ts';
import { server } from '#web/testing/msw/server.ts';
import { renderApp } from '#web/testing/render-app.tsx';

const ada = buildMemberProfile({
  _id: 'ada-1',
  name: 'Ada Lovelace',
  membership: 'Gold',
  role: 'Admin',
  joinedAt: '2025-03-14T10:00:00.000Z',
  posts: 7,
  comments: 12,
  points: 34,
});
const adaPosts = Array.from({ length: 7 }, (_, i) => buildPost({ title: `Ada post ${i}`, authorId: ada._id, name: ada.name }));

function memberServer() {
  const requests: Record<string, string>[] = [];
  server.use(
    http.get('*/api/members/:id', ({ params }) =>
      params.id === ada._id
        ? HttpResponse.json(ada)
        : HttpResponse.json({ message: 'No such member.', code: 'NOT_FOUND' }, { status: 404 }),
    ),
    http.get('*/api/members/:id/posts', ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      requests.push(query);
      const page = Number(query.page);
      const limit = Number(query.limit);
      return pagedAnswer(adaPosts.slice(page * limit, page * limit + limit), adaPosts.length);
    }),
  );
  return requests;
}

describe('/members/:id', () => {
  it('shows the member’s photo, name, badges, joined date and counts to a visitor', async () => {
    memberServer();
    renderApp(`/members/${ada._id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo of Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('Gold Member')).toBeInTheDocument();
    expect(screen.getByText('Admin')).toBeInTheDocument();
    expect(screen.getByText(/Joined/)).toHaveTextContent('Joined March 14, 2025');
    const figures = screen.getByText('Points this week').closest('dl')!;
    expect(figures).toHaveTextContent('Posts7');
    expect(figures).toHaveTextContent('Comments12');
    expect(figures).toHaveTextContent('Points this week34');
    expect(document.body.textContent).not.toContain('@');
  });

  it('shows no Admin badge for a Client, and the Bronze badge', async () => {
    const bob = buildMemberProfile({ _id: 'bob-1', name: 'Bob' });
    server.use(
      http.get('*/api/members/:id', () => HttpResponse.json(bob)),
      http.get('*/api/members/:id/posts', () => pagedAnswer([], 0)),
    );
    renderApp('/members/bob-1');
    expect(await screen.findByText('Bronze Member')).toBeInTheDocument();
    expect(screen.queryByText('Admin')).not.toBeInTheDocument();
    expect(await screen.findByText('No posts yet.')).toBeInTheDocument();
  });

  it('lists the member’s posts as cards and pages them through the address', async () => {
    const requests = memberServer();
    const { user, router } = renderApp(`/members/${ada._id}`);

    const list = await screen.findByRole('region', { name: 'Posts by Ada Lovelace' });
    expect(await within(list).findByRole('link', { name: 'Ada post 0' })).toHaveAttribute('href', `/post-details/${adaPosts[0]!._id}`);
    expect(within(list).getAllByRole('article')).toHaveLength(5);
    expect(requests[0]).toEqual({ page: '0', limit: '5' });

    // The pages are links to their own addresses (a crawler, or a browser without the app, follows
    // them); Prev on the first page leads nowhere and stays a disabled button.
    const pages = within(list).getByRole('navigation', { name: 'Posts pages' });
    expect(within(pages).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', `/members/${ada._id}`);
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', `/members/${ada._id}?page=2`);
    expect(within(pages).getByRole('button', { name: 'Prev' })).toBeDisabled();

    // A plain click pages in place, keeping the scroll as home's list does.
    await user.click(within(pages).getByRole('link', { name: 'Next' }));
    expect(await within(list).findByRole('link', { name: 'Ada post 5' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(router.state.location.state).toEqual({ keepScroll: true });
    expect(requests.at(-1)).toEqual({ page: '1', limit: '5' });
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('link', { name: 'Prev' })).toHaveAttribute('href', `/members/${ada._id}`);
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('keeps the chosen page size in the addresses of the pages', async () => {
    memberServer();
    renderApp(`/members/${ada._id}?limit=10`);

    const list = await screen.findByRole('region', { name: 'Posts by Ada Lovelace' });
    await within(list).findByRole('link', { name: 'Ada post 6' });
    const pages = within(list).getByRole('navigation', { name: 'Posts pages' });
    expect(within(pages).getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', `/members/${ada._id}?limit=10`);
  });

  it('says a page past the last has no posts (not that the member has none) and leads back to the first', async () => {
    const requests = memberServer();
    const { user, router } = renderApp(`/members/${ada._id}?page=9`);

    const list = await screen.findByRole('region', { name: 'Posts by Ada Lovelace' });
    expect(await within(list).findByText('No posts on this page.')).toBeInTheDocument();
    expect(within(list).queryByText('No posts yet.')).not.toBeInTheDocument();

    const back = within(list).getByRole('link', { name: 'Back to the first page' });
    expect(back).toHaveAttribute('href', `/members/${ada._id}`);
    await user.click(back);
    expect(await within(list).findByRole('link', { name: 'Ada post 0' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(requests.at(-1)).toEqual({ page: '0', limit: '5' });
  });

  it('shows No Page Found for an unknown member', async () => {
    memberServer();
    renderApp('/members/nobody');
    expect(await screen.findByRole('heading', { name: 'No Page Found' })).toBeInTheDocument();
  });
});

describe('links to member profiles', () => {
  it('links author names on home cards and contributors on the leaderboard', async () => {
    const post = buildPost({ title: 'Linked post', authorId: 'grace-1', name: 'Grace Hopper' });
    server.use(
      http.get('*/api/pagination', () => pagedAnswer([post])),
      http.get('*/api/user-data', () => HttpResponse.json([buildLeaderboardRow({ _id: 'linus-1', name: 'Linus' })])),
    );
    renderApp('/');

    const card = (await screen.findByRole('link', { name: 'Linked post' })).closest('article')!;
    expect(within(card).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', '/members/grace-1');
    expect(await screen.findByRole('link', { name: 'Linus' })).toHaveAttribute('href', '/members/linus-1');
  });

  it('shows a banned writer’s name and photo unlinked, on home cards, the post page and its comments: they have no profile', async () => {
    const banned = { authorId: 'eve-1', authorBanned: true };
    const post = buildPost({ _id: 'p1', title: 'Banned writer’s post', name: 'Eve', ...banned });
    const other = buildPost({ title: 'Other post', authorId: 'grace-1', name: 'Grace Hopper' });
    server.use(
      // The post page is for members.
      ...signedInAs('Client', buildViewer({ id: 'reader-1', name: 'Reader Rita' })),
      http.get('*/api/pagination', () => pagedAnswer([post, other])),
      http.get('*/api/post-data/p1', () => HttpResponse.json(buildPostDetail({ ...post }))),
      http.get('*/api/comment-pagination/p1', () =>
        pagedAnswer([
          buildComment({ postId: 'p1', comment: 'Eve says', commenter_name: 'Eve', ...banned }),
          buildComment({ postId: 'p1', comment: 'Grace says', commenter_name: 'Grace Hopper', authorId: 'grace-1' }),
        ]),
      ),
    );
    const noProfileLinks = (element: HTMLElement) =>
      expect([...element.querySelectorAll('a')].map((a) => a.getAttribute('href'))).not.toContain('/members/eve-1');

    const { user } = renderApp('/');
    const card = (await screen.findByRole('link', { name: 'Banned writer’s post' })).closest('article')!;
    expect(within(card).getByText('Eve')).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Eve' })).not.toBeInTheDocument();
    noProfileLinks(card);
    const otherCard = screen.getByRole('link', { name: 'Other post' }).closest('article')!;
    expect(within(otherCard).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', '/members/grace-1');

    await user.click(within(card).getByRole('link', { name: 'Banned writer’s post' }));
    const article = (await screen.findByRole('heading', { level: 1, name: 'Banned writer’s post' })).closest('article')!;
    expect(within(article).getByText('Eve')).toBeInTheDocument();
    noProfileLinks(article);
    const evesComment = (await screen.findByText('Eve says')).closest('li')!;
    expect(within(evesComment).getByText('Eve')).toBeInTheDocument();
    noProfileLinks(evesComment);
    const gracesComment = screen.getByText('Grace says').closest('li')!;
    expect(within(gracesComment).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', '/members/grace-1');
  });
});
