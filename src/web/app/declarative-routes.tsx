// The app runs React Router in declarative mode (<BrowserRouter> + useRoutes): the data
// router (createBrowserRouter/RouterProvider) costs about 16 KB gzip more on the first
// view, over the 120 KB budget of DESIGN.md. The route table (routes.tsx) stays written
// as data-router route objects, which tests render in a memory data router; this module
// turns it into the declarative equivalent:
//   - `lazy` → a React.lazy page inside its own Suspense boundary (loader while it loads);
//   - `errorElement` → a RouteErrorBoundary around the route's content.
// Loaders, actions and the data-router hooks (useNavigation, useFetcher, useLoaderData,
// useBlocker, <Form>, <ScrollRestoration>) do not exist in this mode: pages fetch with
// TanStack Query and navigate with <Link>/useNavigate.
import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { PAGE_LIVE_EVENT } from '#shared/first-view.ts';
import { PageLoader } from '#web/components/ui/spinner.tsx';
import { whenOnline } from '#web/lib/code-on-demand.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

type LazyDefinition = NonNullable<RouteObject['lazy']>;

interface LoadedRoute {
  Component?: ComponentType | null | undefined;
  element?: ReactNode;
}

async function loadRoute(definition: LazyDefinition): Promise<LoadedRoute> {
  if (typeof definition === 'function') return definition();
  const [Component, element] = await Promise.all([definition.Component?.(), definition.element?.()]);
  return { Component, element };
}

function lazyElement(definition: LazyDefinition): ReactNode {
  const Page = lazy(async () => {
    // Offline, a page's code waits for the connection, as the line under the top bar says, rather
    // than failing to the error page; a page the server rendered stays shown meanwhile (its
    // hydration waits). Online, a failure (a deploy replaced the file) shows the error page.
    const { Component, element } = await whenOnline(() => loadRoute(definition));
    const Loaded: ComponentType = Component ?? (() => element ?? <Outlet />);
    function LivePage() {
      // Its effects run once the page is mounted, or hydrated on a page the server rendered.
      useEffect(() => {
        document.dispatchEvent(new Event(PAGE_LIVE_EVENT));
      }, []);
      return <Loaded />;
    }
    return { default: LivePage };
  });
  return (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
}

/** The declarative-mode twin of a data-router route table. */
export function toDeclarativeRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const {
      lazy: lazyDefinition,
      Component,
      element,
      errorElement,
      ErrorBoundary,
      hydrateFallbackElement: _hydrateFallbackElement,
      HydrateFallback: _HydrateFallback,
      children,
      ...rest
    } = route;
    let content: ReactNode = lazyDefinition ? lazyElement(lazyDefinition) : Component ? <Component /> : (element ?? <Outlet />);
    const errorUi = errorElement ?? (ErrorBoundary ? <ErrorBoundary /> : undefined);
    if (errorUi) content = <RouteErrorBoundary fallback={errorUi}>{content}</RouteErrorBoundary>;
    return { ...rest, element: content, ...(children ? { children: toDeclarativeRoutes(children) } : {}) } as RouteObject;
  });
}
