// The entry: the stylesheets, and the app (boot.tsx) in a chunk of its own. A page the server
// rendered (ADR 0015) is already whole when its HTML and CSS are in, so there the app's chunks
// are fetched and run only after that first paint, and do not hold it back; any other page
// (whose chunks its HTML preloads) starts the app now.
import 'react-toastify/ReactToastify.css';
import './styles.css';
import type * as FirstView from '#shared/first-view.ts';

// The names shared with the server and the app, written out rather than imported: an import
// would be a chunk of its own, fetched at high priority before the first paint (Lighthouse
// counts it as holding the paint back). The types hold them to #shared/first-view.ts.
const FIRST_VIEW_DATA_ID: typeof FirstView.FIRST_VIEW_DATA_ID = 'first-view-data';
const FIRST_VIEW_CHUNKS_ID: typeof FirstView.FIRST_VIEW_CHUNKS_ID = 'first-view-chunks';
const PAGE_LIVE_EVENT: typeof FirstView.PAGE_LIVE_EVENT = 'code-commons:page-live';
const APP_MODULE_META: typeof FirstView.APP_MODULE_META = 'code-commons:app';

// The app's address, as the build (or the dev server) writes it in the page: importing a plain
// address costs the first view no module loader of Vite's.
const appModule = document.querySelector<HTMLMetaElement>(`meta[name="${APP_MODULE_META}"]`)?.content ?? '/boot.tsx';

const start = () => {
  import(/* @vite-ignore */ appModule).catch((error: unknown) => {
    console.error('The app could not be loaded', error);
    // The connection dropped as the page loaded: it stays as the server sent it, and comes alive once the connection is back.
    window.addEventListener('online', start, { once: true });
  });
};

/** The chunks the app imports, fetched side by side rather than one import after another. */
function preloadChunks(): void {
  let chunks: unknown = [];
  try {
    chunks = JSON.parse(document.getElementById(FIRST_VIEW_CHUNKS_ID)?.textContent ?? '[]');
  } catch {
    // Without the list the imports fetch them anyway.
  }
  for (const href of Array.isArray(chunks) ? chunks : []) {
    if (typeof href !== 'string') continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

/**
 * A button of the server's markup does nothing until the page is hydrated: the last one pressed
 * before then is pressed again once the page is live. (Links and fields work without the app.)
 */
function replayEarlyPress(): void {
  const root = document.getElementById('root');
  const buttons = () => Array.from(root?.querySelectorAll('button') ?? []);
  // By its place among the page's buttons: hydration may have put a new node in its stead.
  let pressed = -1;
  const record = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    // A button React has already hydrated (it keeps its props on the node) handled the press itself.
    if (button && !Object.keys(button).some((key) => key.startsWith('__reactProps$'))) pressed = buttons().indexOf(button);
  };
  document.addEventListener('click', record, true);
  document.addEventListener(
    PAGE_LIVE_EVENT,
    () => {
      document.removeEventListener('click', record, true);
      if (pressed >= 0) setTimeout(() => buttons()[pressed]?.click(), 0);
    },
    { once: true },
  );
}

/** However long the first paint takes (a tab in the background is not painted), the app starts by then. */
const FIRST_PAINT_MAX_WAIT_MS = 3000;

/**
 * Runs `then` once the page's first contentful paint is on screen: the browser reports it
 * after presenting the frame, where a frame callback runs before it is drawn, and what is
 * fetched before the paint competes with it.
 */
function afterFirstPaint(then: () => void): void {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    setTimeout(then, 0);
  };
  const painted = (entries: PerformanceEntryList) => entries.some((entry) => entry.name === 'first-contentful-paint');
  const observer =
    typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes.includes('paint')
      ? new PerformanceObserver((list) => {
          if (painted(list.getEntries())) go();
        })
      : null;
  if (observer) observer.observe({ type: 'paint', buffered: true });
  else requestAnimationFrame(go);
  setTimeout(go, FIRST_PAINT_MAX_WAIT_MS);
}

if (document.getElementById(FIRST_VIEW_DATA_ID)) {
  replayEarlyPress();
  afterFirstPaint(() => {
    preloadChunks();
    start();
  });
} else {
  start();
}
