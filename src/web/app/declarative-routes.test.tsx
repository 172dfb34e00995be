// The app's own router mode: the route table converted for <BrowserRouter> + useRoutes
// (here a MemoryRouter), with lazy pages, guards and error boundaries still in place.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { Link, MemoryRouter, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { buildPost, pagedAnswer } from '#web/testing/forum-factories.ts';
import { server } from '#web/testing/msw/server.ts';
import { createTestQueryClient } from '#web/testing/render-app.tsx';
import { toDeclarativeRoutes } from './declarative-routes.tsx';
import { AppProvider } from './provider.tsx';
import { routes as appRoutes } from './routes.tsx';
import { ErrorPage } from './routes/error-page.tsx';

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderDeclarative(path: string, routes: RouteObject[] = appRoutes) {
  const converted = toDeclarativeRoutes(routes);
  function AppRoutes() {
    return useRoutes(converted);
  }
  render(
    <AppProvider queryClient={createTestQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe />
        <AppRoutes />
      </MemoryRouter>
    </AppProvider>,
  );
  return { user: userEvent.setup() };
}

function Boom(): never {
  throw new Error('Rendering failed');
}

describe('Declarative routing (the app’s router)', () => {
  it('loads the home page lazily inside the shell', async () => {
    server.use(http.get('*/api/pagination', () => pagedAnswer([buildPost({ title: 'Served by the lazy home' })])));
    renderDeclarative('/');
    expect(await screen.findByRole('link', { name: 'Served by the lazy home' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('keeps the signed-in-only guard: a visitor of a post goes to the sign-in page', async () => {
    renderDeclarative('/post-details/p1');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/sign-in');
  });

  it('shows "No Page Found" for an unknown path', async () => {
    renderDeclarative('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'No Page Found' })).toBeInTheDocument();
  });

  it('turns errorElement into an error boundary that clears on the next path', async () => {
    const reported = vi.mocked(console.error).mockImplementation(() => {});
    const routes: RouteObject[] = [
      {
        path: '/',
        element: (
          <>
            <Link to="/lazy">Go to the lazy page</Link>
            <Outlet />
          </>
        ),
        children: [
          {
            errorElement: <ErrorPage />,
            children: [
              { path: 'broken', element: <Boom /> },
              { path: 'lazy', lazy: async () => ({ Component: () => <p>Lazy page</p> }) },
            ],
          },
        ],
      },
    ];
    const { user } = renderDeclarative('/broken', routes);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(reported).toHaveBeenCalled();

    await user.click(screen.getByRole('link', { name: 'Go to the lazy page' }));
    expect(await screen.findByText('Lazy page')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
  });
});
