// The browser app rendered on the server (ADR 0015): home, member profiles and "No Page Found"
// are sent as HTML, rendered from the same tree the browser hydrates (app/app-shell.tsx) and the answers
// the server read for it. Bundled apart from the server (scripts/build-server.mjs) and loaded
// by it at start: the server itself never imports the browser app.
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { QueryClient } from '@tanstack/react-query';
import { StaticRouter } from 'react-router';
import type { FirstViewData, FirstViewRenderer } from '#shared/first-view.ts';
import { AppShell } from '#web/app/app-shell.tsx';
import { AppRoutes } from '#web/app/router.tsx';
import { firstViewReads, firstViewRoute } from './first-view-reads.ts';

function app(url: string, data: FirstViewData): { tree: ReactNode; done: () => void } {
  // Nothing is fetched here: a query without a seeded answer renders its loading state, as
  // it does in the browser before its answer comes.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } } });
  for (const { key, data: answer } of data.queries) queryClient.setQueryData(key, answer, { updatedAt: data.renderedAt });
  const tree = (
    <AppShell queryClient={queryClient} renderedAt={data.renderedAt}>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </AppShell>
  );
  return { tree, done: () => queryClient.clear() };
}

/**
 * Loads the page modules the server renders. A page module is loaded lazily (React.lazy), and
 * markup streamed while one loads would need an inline script to put it in place, which the
 * CSP forbids; once loaded, every later render is synchronous and whole (renderToString).
 */
async function warmUp(): Promise<void> {
  // A member's page without its answers renders its loading state, but loads its module.
  for (const url of ['/', '/members/-', '/no-such-page']) {
    const { tree, done } = app(url, { renderedAt: Date.now(), queries: [] });
    try {
      const { prelude } = await prerender(tree);
      await new Response(prelude).text();
    } finally {
      done();
    }
  }
}

async function render(url: string, data: FirstViewData): Promise<string> {
  const { tree, done } = app(url, data);
  try {
    return renderToString(tree);
  } finally {
    done();
  }
}

export const firstViewRenderer: FirstViewRenderer = {
  route: firstViewRoute,
  reads: firstViewReads,
  warmUp,
  render,
};
