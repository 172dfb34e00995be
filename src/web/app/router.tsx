import { BrowserRouter, useRoutes } from 'react-router';
import { toDeclarativeRoutes } from './declarative-routes.tsx';
import { routes } from './routes.tsx';

// Declarative mode, for the first-view budget: see declarative-routes.tsx.
const appRoutes = toDeclarativeRoutes(routes);

/** The pages under whichever router holds the address (the server renders them too). */
export function AppRoutes() {
  return useRoutes(appRoutes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
