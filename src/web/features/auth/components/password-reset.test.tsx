import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PASSWORD_HINT, PASSWORD_INLINE_MESSAGE, PASSWORD_TOAST_MESSAGE } from '#shared/schemas/user.ts';
import { INVALID_RESET_LINK_TEXT, PASSWORD_SET_TEXT } from '#web/app/routes/auth/reset-password.tsx';
import { buildSessionAnswer, buildViewer } from '#web/testing/factories.ts';
import { signedInAs } from '#web/testing/msw/handlers.ts';
import { server } from '#web/testing/msw/server.ts';
import { authKeys } from '#web/lib/auth.ts';
import { renderApp } from '#web/testing/render-app.tsx';
import { RESET_LINK_SENT_TEXT } from './forgot-password-form.tsx';

const SAME_ANSWER = { status: true, message: 'If this email exists in our system, check your email for the reset link' };

describe('Forgot password', () => {
  it('leads from the sign-in page to the form, which sends the email and then says the same thing whatever the email', async () => {
    let received: unknown;
    server.use(
      http.post('*/api/auth/request-password-reset', async ({ request }) => {
        received = await request.json();
        return HttpResponse.json(SAME_ANSWER);
      }),
    );
    const { user, router } = renderApp('/auth/sign-in');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/forgot-password');
    // Its own title in the tab, as every page has.
    await waitFor(() => expect(document.title).toBe('Forgot password? · Code Commons'));

    await user.type(screen.getByLabelText('Email'), '  ada@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await within(screen.getByRole('main')).findByRole('status')).toHaveTextContent(RESET_LINK_SENT_TEXT);
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(received).toEqual({ email: 'ada@example.com', redirectTo: '/auth/reset-password' });
  });

  it('asks for a valid email before sending anything', async () => {
    let calls = 0;
    server.use(http.post('*/api/auth/request-password-reset', () => (calls++, HttpResponse.json(SAME_ANSWER))));
    const { user } = renderApp('/auth/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it("shows the server's refusal (too many requests) under the form", async () => {
    server.use(
      http.post('*/api/auth/request-password-reset', () =>
        HttpResponse.json({ message: 'Too many requests. Please try again later.', code: 'RATE_LIMITED' }, { status: 429 }),
      ),
    );
    const { user } = renderApp('/auth/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
    expect(within(screen.getByRole('main')).queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('Reset password (the mailed link)', () => {
  it('sets the new password with the link token, then says so and goes to sign-in', async () => {
    let received: unknown;
    server.use(
      http.post('*/api/auth/reset-password', async ({ request }) => {
        received = await request.json();
        return HttpResponse.json({ status: true });
      }),
    );
    const { user, router } = renderApp('/auth/reset-password?token=abc123');
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    const field = await screen.findByLabelText('New password');
    expect(field).toHaveAccessibleDescription(PASSWORD_HINT);

    await user.type(field, 'N3w!Passw');
    await user.click(screen.getByRole('button', { name: 'Set password' }));

    expect(await screen.findByText(PASSWORD_SET_TEXT)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/sign-in'));
    expect(received).toEqual({ newPassword: 'N3w!Passw', token: 'abc123' });
  });

  it('keeps a member signed in here who set another account’s password, and forgets one whose own sessions it ended', async () => {
    for (const own of [false, true]) {
      let ended = false;
      // The first handler that matches answers: the session as the reset left it, then the rest.
      server.use(
        http.get('*/api/auth/get-session', () =>
          HttpResponse.json(ended ? null : buildSessionAnswer(buildViewer({ name: 'Ada Here' }), 'Client')),
        ),
        http.post('*/api/auth/reset-password', () => {
          ended = own;
          return HttpResponse.json({ status: true });
        }),
        ...signedInAs('Client', buildViewer({ name: 'Ada Here' })),
      );
      const { user, router, queryClient, unmount } = renderApp('/auth/reset-password?token=abc123');
      await user.type(await screen.findByLabelText('New password'), 'N3w!Passw');
      await user.click(screen.getByRole('button', { name: 'Set password' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/auth/sign-in'));
      await waitFor(() =>
        expect(queryClient.getQueryData(authKeys.session)).toEqual(own ? null : expect.objectContaining({ name: 'Ada Here' })),
      );
      unmount();
    }
  });

  it('shows the password rule inline and in a toast, as at sign-up, and sends nothing', async () => {
    let calls = 0;
    server.use(http.post('*/api/auth/reset-password', () => (calls++, HttpResponse.json({ status: true }))));
    const { user } = renderApp('/auth/reset-password?token=abc123');
    await user.type(await screen.findByLabelText('New password'), 'weakpass');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(PASSWORD_INLINE_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByText(PASSWORD_TOAST_MESSAGE)).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('says a spent or expired link is not valid, with a link to ask again', async () => {
    server.use(
      http.post('*/api/auth/reset-password', () => HttpResponse.json({ message: 'Invalid token', code: 'INVALID_TOKEN' }, { status: 400 })),
    );
    const { user, router } = renderApp('/auth/reset-password?token=spent');
    await user.type(await screen.findByLabelText('New password'), 'N3w!Passw');
    await user.click(screen.getByRole('button', { name: 'Set password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_RESET_LINK_TEXT);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(await screen.findByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/forgot-password');
  });

  it('puts the focus on the alert when a link is refused as the password is sent (the form that held it is gone)', async () => {
    server.use(
      http.post('*/api/auth/reset-password', () => HttpResponse.json({ message: 'Invalid token', code: 'INVALID_TOKEN' }, { status: 400 })),
    );
    const { user } = renderApp('/auth/reset-password?token=spent');
    await user.type(await screen.findByLabelText('New password'), 'N3w!Passw');
    await user.keyboard('{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(INVALID_RESET_LINK_TEXT);
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it('says a spent link is not valid as soon as it opens, before a password is typed', async () => {
    let posted = 0;
    server.use(
      http.get('*/api/auth/reset-password/:token', ({ request }) =>
        HttpResponse.redirect(new URL('/auth/reset-password?error=INVALID_TOKEN', request.url).toString(), 302),
      ),
      http.post('*/api/auth/reset-password', () => (posted++, HttpResponse.json({ status: true }))),
    );
    renderApp('/auth/reset-password?token=spent');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_RESET_LINK_TEXT);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(posted).toBe(0);
  });

  it("shows any other refusal under the form, keeping it (a banned member's link)", async () => {
    server.use(
      http.post('*/api/auth/reset-password', () =>
        HttpResponse.json({ message: 'This account has been banned from the community.', code: 'BANNED' }, { status: 403 }),
      ),
    );
    const { user } = renderApp('/auth/reset-password?token=abc123');
    await user.type(await screen.findByLabelText('New password'), 'N3w!Passw');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This account has been banned from the community.');
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
  });

  it('says so at once when the address carries no token', async () => {
    renderApp('/auth/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_RESET_LINK_TEXT);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/auth/forgot-password');
    expect(screen.queryByRole('button', { name: 'Set password' })).not.toBeInTheDocument();
  });
});
