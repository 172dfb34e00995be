import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// The app itself, started by main.tsx.
import { AppShell } from './app/app-shell.tsx';
import { AppRouter } from './app/router.tsx';
import { readFirstViewData, seedQueries } from './lib/first-view.tsx';
import { createQueryClient } from './lib/query-client.ts';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// A page the server rendered (home, "No Page Found") carries the answers it was rendered
// from: they seed the cache and React hydrates the markup. Any other page renders here.
const firstView = readFirstViewData();
const queryClient = createQueryClient();
if (firstView) seedQueries(queryClient, firstView);

const app = (
  <AppShell queryClient={queryClient} renderedAt={firstView?.renderedAt ?? null}>
    <AppRouter />
  </AppShell>
);

// Hydration in a task of its own, apart from evaluating the app's code, and as a transition:
// React then hydrates in slices of a few milliseconds, yielding to input between them, instead
// of one long task (the page is already painted and readable meanwhile).
if (firstView && container.hasChildNodes()) setTimeout(() => startTransition(() => void hydrateRoot(container, app)), 0);
else createRoot(container).render(app);
