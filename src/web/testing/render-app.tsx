// Renders the real route table (or given routes) in a memory router, with the app's
// providers and a fresh query client, as a user would reach the given address.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router';
import { AppProvider } from '#web/app/provider.tsx';
import { routes as appRoutes } from '#web/app/routes.tsx';
import { createQueryClient } from '#web/lib/query-client.ts';

export const createTestQueryClient = () => createQueryClient({ queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } });

interface RenderAppOptions {
  routes?: RouteObject[];
}

export function renderApp(initialEntry: InitialEntry = '/', { routes = appRoutes }: RenderAppOptions = {}) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const user = userEvent.setup();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, user, queryClient };
}
