import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { useLocation, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildSessionAnswer, buildViewer } from '#web/testing/factories.ts';
import { signedInAs } from '#web/testing/msw/handlers.ts';
import { server } from '#web/testing/msw/server.ts';
import { renderApp } from '#web/testing/render-app.tsx';
import { RequireRole } from './require-role.tsx';
import { RequireUser } from './require-user.tsx';

function SignInProbe() {
  const location = useLocation();
  return <p>Sign-in page, back to {(location.state as { from?: string } | null)?.from ?? 'nowhere'}</p>;
}

const guardedRoutes: RouteObject[] = [
  { path: '/', element: <p>Home page</p> },
  { path: '/auth/sign-in', element: <SignInProbe /> },
  {
    element: <RequireUser />,
    children: [
      { path: '/members', element: <p>Members area</p> },
      {
        element: <RequireRole role="Admin" />,
        children: [{ path: '/admin', element: <p>Admin area</p> }],
      },
      {
        element: <RequireRole role="Client" />,
        children: [{ path: '/client', element: <p>Client area</p> }],
      },
    ],
  },
];

/** A promise the test resolves to let a held-back answer through. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('RequireUser', () => {
  it('sends a visitor to the sign-in page, remembering the path', async () => {
    const { router } = renderApp('/members?tab=new#top', { routes: guardedRoutes });

    expect(await screen.findByText('Sign-in page, back to /members?tab=new#top')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/sign-in');
    expect(screen.queryByText('Members area')).not.toBeInTheDocument();
  });

  it('sends a visitor of a real dashboard page to the real sign-in screen', async () => {
    const { router } = renderApp('/dashboard/my-profile');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/sign-in');
    expect(router.state.location.state).toEqual({ from: '/dashboard/my-profile' });
  });

  it('shows a loading indicator while the session loads, then the page', async () => {
    const session = gate();
    server.use(
      http.get('*/api/auth/get-session', async () => {
        await session.opened;
        return HttpResponse.json(buildSessionAnswer(buildViewer()));
      }),
    );
    renderApp('/members', { routes: guardedRoutes });

    expect(await screen.findByRole('status')).toHaveTextContent('Checking your session…');
    expect(screen.queryByText('Members area')).not.toBeInTheDocument();

    session.open();
    expect(await screen.findByText('Members area')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('RequireRole', () => {
  it('shows a loading indicator while the role loads, then sends a Client away from an Admin page', async () => {
    const role = gate();
    server.use(...signedInAs('Client'));
    // Added last, so it answers before the default role handler.
    server.use(
      http.get('*/api/users/role/:email', async () => {
        await role.opened;
        return HttpResponse.json({ role: 'Client' });
      }),
    );
    const { router } = renderApp('/admin', { routes: guardedRoutes });

    expect(await screen.findByText('Checking your access…')).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');

    role.open();
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByText('Admin area')).not.toBeInTheDocument();
  });

  it('renders the page for the matching role', async () => {
    server.use(...signedInAs('Admin'));
    renderApp('/admin', { routes: guardedRoutes });
    expect(await screen.findByText('Admin area')).toBeInTheDocument();
  });

  it('sends an Admin away from a Client page', async () => {
    server.use(...signedInAs('Admin'));
    const { router } = renderApp('/client', { routes: guardedRoutes });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByText('Client area')).not.toBeInTheDocument();
  });

  it('treats a failed role lookup as no role and redirects', async () => {
    server.use(...signedInAs('Client'));
    server.use(
      http.get('*/api/users/role/:email', async () => {
        await delay(10);
        return HttpResponse.json({ message: 'Boom', code: 'INTERNAL' }, { status: 500 });
      }),
    );
    const { router } = renderApp('/client', { routes: guardedRoutes });
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the admin profile with its "Admin" badge inside the dashboard', async () => {
    server.use(...signedInAs('Admin', buildViewer({ name: 'Grace Hopper', email: 'grace@example.com' })));
    renderApp('/dashboard/admin-profile');
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByText('grace@example.com', { selector: 'p' })).toBeInTheDocument();
    expect(await screen.findByText('Admin', { selector: 'span' })).toBeInTheDocument();
  });
});
