// The error boundary of a route when the app runs in React Router's declarative mode
// (see declarative-routes.tsx): it shows the route's `errorElement` in place of the
// route's content, and clears itself when the viewer moves to another path.
import { Component, createContext, useContext, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';

interface BoundaryError {
  error: unknown;
}

/** The error a RouteErrorBoundary caught; null inside a data router (use useRouteError there). */
const BoundaryErrorContext = createContext<BoundaryError | null>(null);

export const useBoundaryError = (): BoundaryError | null => useContext(BoundaryErrorContext);

interface BoundaryProps {
  pathname: string;
  fallback: ReactNode;
  children: ReactNode;
}

interface BoundaryState {
  caught: BoundaryError | null;
  pathname: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { caught: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { caught: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    // A new path gets a fresh chance to render.
    return props.pathname === state.pathname ? null : { caught: null, pathname: props.pathname };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A page failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    const { caught } = this.state;
    if (!caught) return this.props.children;
    return <BoundaryErrorContext.Provider value={caught}>{this.props.fallback}</BoundaryErrorContext.Provider>;
  }
}

export function RouteErrorBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Boundary pathname={pathname} fallback={fallback}>
      {children}
    </Boundary>
  );
}
