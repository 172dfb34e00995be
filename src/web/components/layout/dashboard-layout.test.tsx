import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser } from '#web/testing/factories.ts';
import { buildPost } from '#web/testing/forum-factories.ts';
import { signedInAs } from '#web/testing/msw/handlers.ts';
import { server } from '#web/testing/msw/server.ts';
import { renderApp } from '#web/testing/render-app.tsx';

describe('Dashboard', () => {
  it('opens the Client profile from /dashboard with the Client menu and the Bronze badge', async () => {
    server.use(...signedInAs('Client'));
    const { router } = renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/my-profile');
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['My Profile', '/dashboard/my-profile'],
      ['Add Post', '/dashboard/add-post'],
      ['My Post', '/dashboard/my-post'],
    ]);
    expect(await screen.findByText(/Bronze Member/)).toBeInTheDocument();
    expect(document.querySelector('img[src="/bronze-badge.png"]')).not.toBeNull();
  });

  it('closes the small-screen dashboard menu on Escape, focus back on its button', async () => {
    server.use(...signedInAs('Client'));
    const { user } = renderApp('/dashboard/my-profile');
    const toggle = await screen.findByRole('button', { name: 'Dashboard menu' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');

    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('links each of the member’s posts on My Profile to its page', async () => {
    server.use(...signedInAs('Client'));
    server.use(http.get('*/api/user/:email', () => HttpResponse.json([buildPost({ _id: 'post-9', title: 'Hooks in depth' })])));
    renderApp('/dashboard/my-profile');

    expect(await screen.findByRole('link', { name: 'Hooks in depth' })).toHaveAttribute('href', '/post-details/post-9');
  });

  it('shows the Admin menu to admins', async () => {
    server.use(...signedInAs('Admin'));
    const { router } = renderApp('/dashboard');

    const menu = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Admin Profile', '/dashboard/admin-profile'],
      ['Manage Users', '/dashboard/manage-users'],
      ['Reported Comment', '/dashboard/reported-comment'],
      ['Make Announcement', '/dashboard/make-announcement'],
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/admin-profile'));
  });

  it('shows the Gold badge to Gold members', async () => {
    server.use(...signedInAs('Client'));
    server.use(http.get('*/api/users/:email', () => HttpResponse.json(buildUser({ membership: 'Gold' }))));
    renderApp('/dashboard/my-profile');
    expect(await screen.findByText(/Gold Member/)).toBeInTheDocument();
    expect(document.querySelector('img[src="/gold-badge.png"]')).not.toBeNull();
  });

  it('logs out from the side menu', async () => {
    server.use(...signedInAs('Client'));
    const { user, router } = renderApp('/dashboard/my-profile');

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Sign Out Successfully')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
