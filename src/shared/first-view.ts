// What the server and the browser agree on for a page the server renders (ADR 0015): the
// answers the page was rendered from travel in a JSON block beside the HTML, and the browser
// seeds TanStack Query's cache from it before it hydrates, so the first view asks the API
// nothing it already has.

/** The id of the `<script type="application/json">` block that holds the first view's data. */
export const FIRST_VIEW_DATA_ID = 'first-view-data';

/**
 * The id of the JSON list of the app's chunks on a rendered page: the browser preloads them only
 * after the first paint (main.tsx), where other pages name them in `<link rel="modulepreload">`.
 */
export const FIRST_VIEW_CHUNKS_ID = 'first-view-chunks';

/**
 * The `<meta name>` whose content is the address of the app's module (boot.tsx as built), which
 * the entry (main.tsx) imports: written into the page by the build (vite.config.ts).
 */
export const APP_MODULE_META = 'code-commons:app';

/**
 * Dispatched on `document` once a page's own content is live (its lazy page has mounted or been
 * hydrated): a button pressed on the server's markup before then is pressed again (main.tsx).
 */
export const PAGE_LIVE_EVENT = 'code-commons:page-live';

/** One API answer, as the browser's query would hold it: its query key and its data. */
export interface SeededQuery {
  key: readonly unknown[];
  data: unknown;
}

export interface FirstViewData {
  /** When the page was rendered (epoch ms): relative times read "3 minutes ago" from it until hydrated. */
  renderedAt: number;
  queries: SeededQuery[];
}

/** An API read a server-rendered page needs, and the query key its answer is kept under. */
export interface FirstViewRead {
  key: readonly unknown[];
  /** The API path with its query string, e.g. `/api/pagination?page=0&limit=10`. */
  url: string;
  /** A paged answer is kept as `{ items, total }` (the body and X-Total-Count). */
  paged: boolean;
  /** A tag search the server refuses matches nothing (as the browser's query treats it). */
  emptyOnRefusal?: boolean;
  /** The page's own list (home's posts): a page whose list is empty is a page of nothing. */
  pageList?: boolean;
}

/** Which page an address is, as the browser's route table decides it. */
export type FirstViewRoute =
  | { page: 'home'; canonical: string }
  | { page: 'post'; id: string }
  /** A member's profile; `canonical` is its address with only the page and page size it names. */
  | { page: 'member'; id: string; canonical: string }
  | { page: 'search'; q: string }
  /** A page the server sends as the app's shell; `title` when the page's title is fixed (Sign In). */
  | { page: 'other'; title?: string }
  | { page: 'not-found' };

/** The server side of the browser app (src/web/ssr/first-view-renderer.tsx), loaded by the server. */
export interface FirstViewRenderer {
  route(url: string): FirstViewRoute;
  /** The reads a rendered page needs: the top bar's, plus home's or a member profile's own. */
  reads(url: string, route: FirstViewRoute): FirstViewRead[];
  /** Loads what rendering needs, once, before the first page is rendered. */
  warmUp(): Promise<void>;
  /** The markup of #root for this address, rendered from the given answers. */
  render(url: string, data: FirstViewData): Promise<string>;
}

/**
 * JSON for the inside of a script element: every `<` is escaped, so no text in the data
 * (a post titled `</script><script>…`) can close the element or open a comment.
 */
export const scriptSafeJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** A page's `<title>`: the page's own title, then the site's name; home is the site's name alone. */
export const pageTitle = (siteName: string, title?: string | null): string =>
  title && title.trim() !== '' ? `${title.trim()} · ${siteName}` : siteName;

/** The own title of home's tag search (`/?search=react`), as the sitemap lists it: the server sends it, the app keeps it. */
export const tagPageTitle = (tag: string): string => `Posts tagged ${tag}`;
