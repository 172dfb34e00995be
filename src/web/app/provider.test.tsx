import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SESSION_ENDED_TEXT } from '#web/app/routes/auth/sign-in.tsx';
import { draftKeyOf } from '#web/lib/draft-keys.ts';
import { buildSessionAnswer, buildViewer } from '#web/testing/factories.ts';
import { buildPostDetail, pagedAnswer } from '#web/testing/forum-factories.ts';
import { sessionEndedBySignOut, signedInAs } from '#web/testing/msw/handlers.ts';
import { server } from '#web/testing/msw/server.ts';
import { renderApp } from '#web/testing/render-app.tsx';

describe('Session expiry (SPEC.md §4)', () => {
  it('signs the viewer out when an authenticated call answers 401, then asks them to sign in', async () => {
    let signOutCalls = 0;
    server.use(...signedInAs('Client'));
    server.use(
      http.get('*/api/users/:email', () =>
        HttpResponse.json({ message: 'Your session has expired.', code: 'UNAUTHENTICATED' }, { status: 401 }),
      ),
      http.post('*/api/auth/sign-out', () => {
        signOutCalls += 1;
        return HttpResponse.json({ success: true });
      }),
    );
    const { router } = renderApp('/dashboard/my-profile');

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/sign-in');
    expect(router.state.location.state).toEqual({ from: '/dashboard/my-profile' });
    expect(screen.getByRole('link', { name: 'Join Us' })).toBeInTheDocument();
    await waitFor(() => expect(signOutCalls).toBe(1));
  });

  it('tells the member on the sign-in page that their session ended, once', async () => {
    server.use(...signedInAs('Client'));
    server.use(
      http.get('*/api/users/:email', () =>
        HttpResponse.json({ message: 'Your session has expired.', code: 'UNAUTHENTICATED' }, { status: 401 }),
      ),
    );
    const { router } = renderApp('/dashboard/my-profile');

    const notice = await screen.findByText(SESSION_ENDED_TEXT);
    expect(notice).toHaveAttribute('role', 'status');
    expect(router.state.location.pathname).toBe('/auth/sign-in');
    // The reason leaves the history entry (a reload says nothing); the way back stays.
    await waitFor(() => expect(router.state.location.state).toEqual({ from: '/dashboard/my-profile' }));
    expect(screen.getByText(SESSION_ENDED_TEXT)).toBeInTheDocument();

    // A later visit to the sign-in page says nothing.
    await router.navigate('/');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument());
    await router.navigate('/auth/sign-in');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByText(SESSION_ENDED_TEXT)).not.toBeInTheDocument();
  });

  it('says nothing about a session on a sign-in page opened directly or reached as a visitor', async () => {
    const { router } = renderApp('/auth/sign-in');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByText(SESSION_ENDED_TEXT)).not.toBeInTheDocument();

    await router.navigate('/dashboard/my-profile');
    await waitFor(() => expect(router.state.location.state).toEqual({ from: '/dashboard/my-profile' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByText(SESSION_ENDED_TEXT)).not.toBeInTheDocument();
  });

  it('says nothing about a session after the member signs out themselves', async () => {
    server.use(...signedInAs('Client', buildViewer()));
    server.use(...sessionEndedBySignOut().handlers);
    const { router, user } = renderApp('/dashboard/my-profile');

    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await router.navigate('/dashboard/my-profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/sign-in'));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByText(SESSION_ENDED_TEXT)).not.toBeInTheDocument();
  });

  it('keeps the viewer signed in when the post limit is reached (403 POST_LIMIT_REACHED)', async () => {
    server.use(...signedInAs('Client'));
    server.use(
      http.get('*/api/users/:email', () =>
        HttpResponse.json({ message: 'You have reached your post limit.', code: 'POST_LIMIT_REACHED' }, { status: 403 }),
      ),
    );
    const { router } = renderApp('/dashboard/my-profile');

    expect(await screen.findByText(/You have reached your post limit\./)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/my-profile');
    expect(screen.getByRole('button', { name: 'Account' })).toBeInTheDocument();
  });
});

describe('A session changed in another tab of the browser', () => {
  /** What another tab of this browser says after signing in or out (it shares the cookie). */
  const anotherTabChangedTheSession = () => {
    const otherTab = new BroadcastChannel('code-commons:session');
    otherTab.postMessage('session');
    otherTab.close();
  };

  it('shows the member signed in, so a post opened next opens instead of asking to sign in again', async () => {
    let signedIn = false;
    const viewer = buildViewer({ name: 'Tab Member' });
    server.use(
      http.get('*/api/auth/get-session', () => HttpResponse.json(signedIn ? buildSessionAnswer(viewer, 'Client') : null)),
      http.get('*/api/users/role/:email', () => HttpResponse.json({ role: 'Client' })),
      http.get('*/api/post-data/p1', () => HttpResponse.json(buildPostDetail({ _id: 'p1', title: 'Opened after signing in elsewhere' }))),
      http.get('*/api/comment-pagination/p1', () => pagedAnswer([])),
    );
    const { router } = renderApp('/');
    expect(await screen.findByRole('link', { name: 'Join Us' })).toBeInTheDocument();

    signedIn = true;
    anotherTabChangedTheSession();
    expect(await screen.findByRole('button', { name: 'Account' })).toBeInTheDocument();
    await router.navigate('/post-details/p1');
    expect(await screen.findByRole('heading', { name: 'Opened after signing in elsewhere' })).toBeInTheDocument();
  });

  it('drops what was the member’s and asks them to sign in when they signed out there', async () => {
    let signedIn = true;
    const viewer = buildViewer();
    server.use(
      http.get('*/api/auth/get-session', () => HttpResponse.json(signedIn ? buildSessionAnswer(viewer, 'Client') : null)),
      http.get('*/api/users/role/:email', () => HttpResponse.json({ role: 'Client' })),
      http.get('*/api/post-data/p1', () => HttpResponse.json(buildPostDetail({ _id: 'p1', title: 'Read while signed in' }))),
      http.get('*/api/comment-pagination/p1', () => pagedAnswer([])),
    );
    const { router, queryClient } = renderApp('/post-details/p1');
    expect(await screen.findByRole('heading', { name: 'Read while signed in' })).toBeInTheDocument();

    signedIn = false;
    anotherTabChangedTheSession();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/sign-in');
    expect(screen.getByText(SESSION_ENDED_TEXT)).toBeInTheDocument();
    expect(queryClient.getQueryData(['auth', 'role', viewer.email])).toBeUndefined();
  });

  // A sign-out forgets the member's unsent text (README "Writing"), in every tab it shows in: on
  // a shared computer, a tab left open kept it in its storage after the member signed out elsewhere.
  it('forgets the member’s drafts in this tab when they signed out there, and only theirs', async () => {
    let signedIn = true;
    const viewer = buildViewer();
    server.use(
      http.get('*/api/auth/get-session', () => HttpResponse.json(signedIn ? buildSessionAnswer(viewer, 'Client') : null)),
      http.get('*/api/users/role/:email', () => HttpResponse.json({ role: 'Client' })),
    );
    window.sessionStorage.setItem(draftKeyOf('add-post', viewer.email), JSON.stringify({ title: 'Half a post' }));
    window.sessionStorage.setItem(draftKeyOf('comment', viewer.email, 'p1'), JSON.stringify({ comment: 'Half a comment' }));
    window.sessionStorage.setItem(draftKeyOf('comment', 'someone@example.com', 'p1'), JSON.stringify({ comment: 'Not theirs' }));
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Account' })).toBeInTheDocument();

    signedIn = false;
    anotherTabChangedTheSession();
    expect(await screen.findByRole('link', { name: 'Join Us' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem(draftKeyOf('add-post', viewer.email))).toBeNull();
    expect(window.sessionStorage.getItem(draftKeyOf('comment', viewer.email, 'p1'))).toBeNull();
    expect(window.sessionStorage.getItem(draftKeyOf('comment', 'someone@example.com', 'p1'))).not.toBeNull();
  });
});
