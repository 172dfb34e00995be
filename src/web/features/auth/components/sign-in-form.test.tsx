import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildConfig, buildSessionAnswer, buildUser, buildViewer } from '#web/testing/factories.ts';
import { server } from '#web/testing/msw/server.ts';
import { renderApp } from '#web/testing/render-app.tsx';

async function openSignIn(entry: Parameters<typeof renderApp>[0] = '/auth/sign-in') {
  const app = renderApp(entry);
  await screen.findByRole('button', { name: 'Sign In' });
  return app;
}

describe('Sign in form', () => {
  it('shows and hides the password with a pressed toggle', async () => {
    const { user } = await openSignIn();
    const password = screen.getByLabelText('Password');
    await user.type(password, 'Abc123!');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(password).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    expect(password).toHaveValue('Abc123!');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');

    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'password');
  });

  it("shows the server's message in red under the form when sign-in fails", async () => {
    let received: unknown;
    server.use(
      http.post('*/api/auth/sign-in/email', async ({ request }) => {
        received = await request.json();
        return HttpResponse.json({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }, { status: 401 });
      }),
    );
    const { user, router } = await openSignIn();

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid email or password');
    expect(alert).toHaveClass('text-danger-700');
    // Under the form, not inside a field.
    const form = screen.getByRole('form', { name: 'Sign in' });
    expect(form.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(received).toMatchObject({ email: 'ada@example.com', password: 'wrong-password' });
    expect(router.state.location.pathname).toBe('/auth/sign-in');
  });

  it('returns to the remembered page after a successful sign-in', async () => {
    const viewer = buildViewer();
    let signedIn = false;
    server.use(
      http.post('*/api/auth/sign-in/email', () => {
        signedIn = true;
        return HttpResponse.json({ token: 't', user: buildSessionAnswer(viewer).user, redirect: false });
      }),
      http.get('*/api/auth/get-session', () => HttpResponse.json(signedIn ? buildSessionAnswer(viewer) : null)),
      http.get('*/api/users/role/:email', () => HttpResponse.json({ role: 'Client' })),
      http.get('*/api/users/:email', () => HttpResponse.json(buildUser({ membership: 'Gold' }))),
    );
    const { user, router } = await openSignIn({ pathname: '/auth/sign-in', state: { from: '/dashboard/my-profile' } });

    await user.type(screen.getByLabelText('Email'), viewer.email);
    await user.type(screen.getByLabelText('Password'), 'Abc123!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: viewer.name })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/my-profile');
    expect(await screen.findByText(/Gold Member/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('goes home after signing in when no page was remembered', async () => {
    let signedIn = false;
    server.use(
      http.post('*/api/auth/sign-in/email', () => {
        signedIn = true;
        return HttpResponse.json({ token: 't', user: buildSessionAnswer(buildViewer()).user, redirect: false });
      }),
      http.get('*/api/auth/get-session', () => HttpResponse.json(signedIn ? buildSessionAnswer(buildViewer()) : null)),
      http.get('*/api/users/role/:email', () => HttpResponse.json({ role: 'Client' })),
    );
    const { user, router } = await openSignIn();

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Abc123!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('offers a "Forgot password?" link to the reset request and a link to sign up', async () => {
    await openSignIn();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/auth/forgot-password');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/auth/sign-up');
  });

  it('disables "Login with Google" with a note when the server has no Google credentials', async () => {
    await openSignIn();
    const google = screen.getByRole('button', { name: 'Login with Google' });
    await waitFor(() => expect(google).toHaveAccessibleDescription('Google sign-in is not configured on this server.'));
    expect(google).toBeDisabled();
  });

  it('enables "Login with Google" when the server has Google configured', async () => {
    server.use(http.get('*/api/config', () => HttpResponse.json(buildConfig({ googleEnabled: true }))));
    await openSignIn();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login with Google' })).toBeEnabled());
    expect(screen.queryByText('Google sign-in is not configured on this server.')).not.toBeInTheDocument();
  });

  it('shows our own text for a known Google error code and never echoes the ?error= parameter', async () => {
    await openSignIn('/auth/sign-in?error=access_denied');
    expect(screen.getByRole('alert')).toHaveTextContent('Google sign-in was cancelled.');
  });

  it('shows only the generic Google failure for an unknown ?error=', async () => {
    await openSignIn('/auth/sign-in?error=Your_account_is_locked._Call_+1-555-0100');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(/^Google sign-in failed\.$/);
    expect(document.body).not.toHaveTextContent(/locked|555/);
  });
});
