// The app around its router, the same in the browser (main.tsx) and on the server
// (ssr/first-view-renderer.tsx): hydration needs both sides to render one tree.
import { StrictMode, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { FirstViewTimeProvider } from '#web/lib/first-view.tsx';
import { AppProvider } from './provider.tsx';

interface AppShellProps {
  queryClient: QueryClient;
  /** When the server rendered the page being hydrated; null for a page the browser renders alone. */
  renderedAt: number | null;
  /** The router: BrowserRouter in the browser, StaticRouter on the server. */
  children: ReactNode;
}

export function AppShell({ queryClient, renderedAt, children }: AppShellProps) {
  return (
    <StrictMode>
      <FirstViewTimeProvider renderedAt={renderedAt}>
        <AppProvider queryClient={queryClient}>{children}</AppProvider>
      </FirstViewTimeProvider>
    </StrictMode>
  );
}
