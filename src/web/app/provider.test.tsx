import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signedInAs } from '#web/testing/msw/handlers.ts';
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

    expect(await screen.findByRole('button', { name: 'Sign In' }, { timeout: 3000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/sign-in');
    expect(router.state.location.state).toEqual({ from: '/dashboard/my-profile' });
    expect(screen.getByRole('link', { name: 'Join Us' })).toBeInTheDocument();
    await waitFor(() => expect(signOutCalls).toBe(1));
  });

  it('keeps the viewer signed in when the post limit is reached (403 POST_LIMIT_REACHED)', async () => {
    server.use(...signedInAs('Client'));
    server.use(
      http.get('*/api/users/:email', () =>
        HttpResponse.json({ message: 'You have reached your post limit.', code: 'POST_LIMIT_REACHED' }, { status: 403 }),
      ),
    );
    const { router } = renderApp('/dashboard/my-profile');

    expect(await screen.findByText(/You have reached your post limit\./, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/my-profile');
    expect(screen.getByRole('button', { name: 'Account' })).toBeInTheDocument();
  });
});
