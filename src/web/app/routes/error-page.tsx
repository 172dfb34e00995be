import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';
import { useBoundaryError } from '../route-error-boundary.tsx';

/** A script chunk that no longer exists after a new release, or a lost connection. */
const isLoadFailure = (error: unknown) =>
  error instanceof TypeError && /dynamically imported module|importing a module script|Failed to fetch/i.test(error.message);

/**
 * The route error boundary: something broke while showing this page. The app's
 * declarative router hands it the error through RouteErrorBoundary; a data router
 * (the tests' memory router) through useRouteError.
 */
export function ErrorPage() {
  const caught = useBoundaryError();
  return caught ? <ErrorView error={caught.error} /> : <DataRouterErrorView />;
}

function DataRouterErrorView() {
  return <ErrorView error={useRouteError()} />;
}

function ErrorView({ error }: { error: unknown }) {
  let title = 'Something went wrong';
  let message = 'An unexpected error stopped this page from showing. Please try again.';
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title = 'No Page Found';
      message = 'The page you are looking for does not exist or has moved.';
    } else {
      message = `The server answered ${error.status}${error.statusText ? ` (${error.statusText})` : ''}.`;
    }
  } else if (isLoadFailure(error)) {
    message = 'This page could not be loaded. Check your connection, then reload the page.';
  }

  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-2 text-muted">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button size="lg" onClick={() => window.location.reload()}>
          Reload
        </Button>
        {/* A full page load: the router's own state may be what failed. */}
        <Button variant="secondary" size="lg" onClick={() => window.location.assign(paths.home.getHref())}>
          Back To Home
        </Button>
      </div>
    </div>
  );
}
