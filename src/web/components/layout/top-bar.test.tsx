import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildConfig, buildViewer } from '#web/testing/factories.ts';
import { draftKeyOf } from '#web/lib/draft-keys.ts';
import { sessionEndedBySignOut, signedInAs } from '#web/testing/msw/handlers.ts';
import { server } from '#web/testing/msw/server.ts';
import { renderApp } from '#web/testing/render-app.tsx';

describe('Top bar', () => {
  it('shows a visitor the "Join Us" link to sign in, the site name and the announcement count', async () => {
    server.use(
      http.get('*/api/config', () => HttpResponse.json(buildConfig({ siteName: 'Dev Forum' }))),
      http.get('*/api/announcement-data', ({ request }) => {
        const url = new URL(request.url);
        return HttpResponse.json([], {
          headers: { 'X-Total-Count': url.searchParams.get('limit') === '1' ? '7' : '0' },
        });
      }),
    );
    renderApp('/');

    const joinUs = await screen.findByRole('link', { name: 'Join Us' });
    expect(joinUs).toHaveAttribute('href', '/auth/sign-in');
    const bell = screen.getByRole('link', { name: 'Notifications' });
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('7'));
    expect(bell).toHaveAccessibleDescription('7 announcements');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Membership' })).toHaveAttribute('href', '/membership');
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Main' })).toHaveTextContent('Dev Forum'));
    // The brand leads home too: on a phone it is the bar's only way there.
    expect(screen.getByRole('link', { name: 'Dev Forum' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Account' })).not.toBeInTheDocument();
  });

  it('collapses its links behind a menu button on small screens', async () => {
    const { user } = renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    expect(within(panel as HTMLElement).getByRole('link', { name: 'Membership' })).toHaveAttribute('href', '/membership');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('puts the small-screen menu’s links next in the tab order after its button, and closes it on a press outside', async () => {
    const { user } = renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    await user.click(toggle);
    expect(toggle).toHaveFocus();
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    await user.tab();
    expect(within(panel).getByRole('link', { name: 'Home' })).toHaveFocus();

    await user.click(document.body);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toBeNull();
  });

  it('closes the small-screen menu on leaving the page, and it stays closed on coming back', async () => {
    const { user, router } = renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await router.navigate('/search');
    expect(await screen.findByRole('heading', { name: 'Search' })).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await router.navigate(-1);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Search' })).not.toBeInTheDocument());
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toBeNull();
  });

  it('switches to dark mode and back with a pressed toggle, remembering the choice', async () => {
    document.documentElement.dataset.theme = 'light';
    const { user } = renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Dark mode' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
    localStorage.removeItem('theme');
  });

  it('follows a theme chosen in another tab of the browser', async () => {
    document.documentElement.dataset.theme = 'light';
    renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Dark mode' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    // What the browser tells this tab when another one stores the choice.
    // The page follows at once; the toggle once it has subscribed (an effect, which on a busy
    // machine may run only after this event).
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: 'theme', oldValue: 'light', newValue: 'dark' })));
    expect(document.documentElement.dataset.theme).toBe('dark');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'true'));

    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: 'theme', oldValue: 'dark', newValue: 'light' })));
    expect(document.documentElement.dataset.theme).toBe('light');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'false'));
  });

  it('closes the small-screen menu on Escape and gives focus back to its button', async () => {
    const { user } = renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    await user.click(toggle);
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    within(panel).getByRole('link', { name: 'Membership' }).focus();

    await user.keyboard('{Escape}');

    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toBeNull();
    expect(toggle).toHaveFocus();
  });

  it('gives a signed-in member an account menu with name, dashboard link and sign out', async () => {
    server.use(...signedInAs('Client', buildViewer({ name: 'Ada Lovelace', image: '/api/images/ada' })));
    const session = sessionEndedBySignOut();
    server.use(...session.handlers);
    const { user, router } = renderApp('/auth/sign-up');

    const account = await screen.findByRole('button', { name: 'Account' });
    expect(within(account).getByRole('presentation')).toHaveAttribute('src', '/api/images/ada');
    expect(screen.queryByRole('link', { name: 'Join Us' })).not.toBeInTheDocument();

    await user.click(account);
    const menu = screen.getByRole('menu', { name: 'Account' });
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/my-profile'));
    expect(within(menu).getByRole('menuitem', { name: 'Dashboard' })).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Sign Out' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Signed out successfully')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(session.signedOut()).toBe(true);
    expect(await screen.findByRole('link', { name: 'Join Us' })).toBeInTheDocument();
  });

  it('forgets the member’s drafts in this tab when they sign out, and nobody else’s', async () => {
    const ada = buildViewer({ email: 'ada@example.com' });
    server.use(...signedInAs('Client', ada));
    const session = sessionEndedBySignOut();
    server.use(...session.handlers);
    const mine = [draftKeyOf('add-post', ada.email), draftKeyOf('comment', ada.email, 'p1'), draftKeyOf('edit-comment', ada.email, 'c1')];
    const others = [draftKeyOf('add-post', 'ada@example.com.org'), draftKeyOf('comment', 'grace@example.com', 'p1'), 'theme'];
    for (const key of [...mine, ...others]) sessionStorage.setItem(key, '{"comment":"unsent"}');
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    expect(await screen.findByText('Signed out successfully')).toBeInTheDocument();
    for (const key of mine) expect(sessionStorage.getItem(key)).toBeNull();
    for (const key of others) expect(sessionStorage.getItem(key)).not.toBeNull();
    sessionStorage.clear();
  });

  it('uses the default avatar when the member has no photo, and links admins to the admin profile', async () => {
    server.use(...signedInAs('Admin', buildViewer({ image: null })));
    const { user } = renderApp('/');

    const account = await screen.findByRole('button', { name: 'Account' });
    expect(within(account).getByRole('presentation')).toHaveAttribute('src', '/default-avatar.png');
    await user.click(account);
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/admin-profile'));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(account).toHaveFocus();
  });

  it('searches posts from its "Search posts" field: Enter leads to /search?q=…', async () => {
    const requests: Record<string, string>[] = [];
    server.use(
      http.get('*/api/search', ({ request }) => {
        requests.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json([], { headers: { 'X-Total-Count': '0' } });
      }),
    );
    const { user, router } = renderApp('/');
    const field = await screen.findByRole('searchbox', { name: 'Search posts' });
    expect(field).toHaveAttribute('aria-keyshortcuts', '/');

    await user.type(field, ' std::vector {Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=std%3A%3Avector');
    expect(await screen.findByText('No posts match "std::vector".')).toBeInTheDocument();
    expect(requests).toEqual([{ q: 'std::vector', page: '0', limit: '10' }]);
    // The field holds the search shown; another page empties it.
    expect(screen.getByRole('searchbox', { name: 'Search posts' })).toHaveValue('std::vector');
    await router.navigate('/');
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search posts' })).toHaveValue(''));
  });

  it('focuses the search field when "/" is pressed outside a text field, and lets "/" be typed in one', async () => {
    const { user } = renderApp('/');
    const field = await screen.findByRole('searchbox', { name: 'Search posts' });
    const tagBox = await screen.findByRole('searchbox', { name: 'Search by tag' });

    await user.click(tagBox);
    await user.keyboard('a/b');
    expect(tagBox).toHaveValue('a/b');
    expect(tagBox).toHaveFocus();

    screen.getByRole('button', { name: 'Dark mode' }).focus();
    await user.keyboard('/');
    expect(field).toHaveFocus();
    expect(field).toHaveValue('');
  });

  it('opens the search field from "Open search" on small screens, closing the menu, and Escape closes it', async () => {
    const { user } = renderApp('/');
    const menu = await screen.findByRole('button', { name: 'Menu' });
    const opener = screen.getByRole('button', { name: 'Open search' });
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    await user.click(menu);

    await user.click(opener);

    expect(opener).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    const field = screen.getByRole('searchbox', { name: 'Search posts' });
    expect(document.getElementById(opener.getAttribute('aria-controls') ?? '')).toContainElement(field);
    expect(field).toHaveFocus();

    await user.keyboard('{Escape}');

    expect(opener).toHaveAttribute('aria-expanded', 'false');
    expect(opener).toHaveFocus();
  });

  it('closes the small-screen search on a press outside it, as the menu closes', async () => {
    const { user } = renderApp('/');
    const opener = await screen.findByRole('button', { name: 'Open search' });
    await user.click(opener);
    expect(opener).toHaveAttribute('aria-expanded', 'true');
    const field = screen.getByRole('searchbox', { name: 'Search posts' });

    // A press inside keeps it open.
    await user.click(field);
    expect(opener).toHaveAttribute('aria-expanded', 'true');

    // A tap on the page behind it, where nothing takes the focus.
    await user.click(document.body);
    expect(opener).toHaveAttribute('aria-expanded', 'false');
  });
});
