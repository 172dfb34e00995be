// The pages the server answers outside /api (ADR 0015): home and member profiles rendered whole
// from the same answers the API gives (read through the API itself, so through the read cache
// where it keeps them), "No Page Found" rendered with a 404, and every other page as the app's
// shell with its own head. Which page an address is comes from the browser app's route table,
// through the renderer.
import type { FastifyInstance } from 'fastify';
import {
  pageTitle,
  tagPageTitle,
  type FirstViewRead,
  type FirstViewRenderer,
  type FirstViewRoute,
  type SeededQuery,
} from '#shared/first-view.ts';
import { TOTAL_COUNT_HEADER } from '#shared/page.ts';
import { tagTextSchema } from '#shared/schemas/tag.ts';
import { tagSearchNeedle } from '#shared/tag-search.ts';
import { ACTIVITY, SCORES } from '../../lib/read-cache.ts';
import { leaderboardWindow } from '../counters/counters.service.ts';
import { SHARE_IMAGE } from '../platform/icons.ts';
import { tagExists } from '../tags/tags.service.ts';
import { shortDescription, type HtmlTemplate, type PageHead } from './html-document.ts';

export interface PageAnswer {
  status: number;
  html: string;
}

/** One API answer, read as a browser would read it (no session: every rendered page is public). */
async function readAnswer(app: FastifyInstance, read: FirstViewRead): Promise<SeededQuery | null> {
  const response = await app.inject({ method: 'GET', url: read.url, headers: { accept: 'application/json' } });
  if (response.statusCode === 200) {
    const body: unknown = response.json();
    const total = Number(response.headers[TOTAL_COUNT_HEADER.toLowerCase()] ?? 0);
    return { key: read.key, data: read.paged ? { items: body, total } : body };
  }
  if (read.emptyOnRefusal && response.statusCode === 400) return { key: read.key, data: { items: [], total: 0 } };
  // Not seeded: the page renders that part's loading state and the browser asks again.
  return null;
}

async function getJson<T>(app: FastifyInstance, url: string): Promise<T | null> {
  const response = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
  return response.statusCode === 200 ? (response.json() as T) : null;
}

/**
 * What home's list (or a member's posts) shows on this page. A tag with no posts is a page of
 * nothing, which search engines are asked not to keep (home itself always is kept, empty or not;
 * so is a member's profile); a page past the last of a list that has posts (an old link, a
 * made-up number) is no page at all: a 404, which still shows the app's "No posts on this page."
 * and its way back to the first.
 */
function listShown(
  route: FirstViewRoute,
  reads: FirstViewRead[],
  answers: Array<SeededQuery | null>,
): 'posts' | 'nothing' | 'past-the-last' {
  if (route.page !== 'home' && route.page !== 'member') return 'posts';
  const list = answers[reads.findIndex((read) => read.pageList)];
  const { items, total } = (list?.data ?? {}) as { items?: unknown[]; total?: number };
  if (!Array.isArray(items) || items.length > 0) return 'posts';
  if (typeof total === 'number' && total > 0) return 'past-the-last';
  // A member with no posts yet still has a profile to show.
  return route.page === 'member' || route.canonical === '/' ? 'posts' : 'nothing';
}

/** A page rendered, and whether search engines are asked to keep it under its own address (see the home case). */
interface RenderedPage {
  html: string;
  canonical: boolean;
  /** A page past the last of its list: answered 404 (never kept, as it is not canonical). */
  pastTheLast?: boolean;
}

export function pageResponder(app: FastifyInstance, template: HtmlTemplate, renderer: FirstViewRenderer) {
  const { siteName, publicUrl } = app.config;
  const head = (path: string, fields: Partial<PageHead> = {}): PageHead => ({
    title: siteName,
    description: template.defaultDescription,
    url: `${publicUrl}${path}`,
    type: 'website',
    siteName,
    image: { url: `${publicUrl}${SHARE_IMAGE.path}`, width: SHARE_IMAGE.width, height: SHARE_IMAGE.height },
    ...fields,
  });

  /** `known`: answers already read for the page's head, by URL, which are not read again. */
  const rendered = async (
    url: string,
    route: FirstViewRoute,
    pageHead: PageHead,
    known: ReadonlyMap<string, unknown> = new Map(),
  ): Promise<RenderedPage> => {
    const renderedAt = Date.now();
    const reads = renderer.reads(url, route);
    const answers = await Promise.all(
      reads.map((read) => (known.has(read.url) ? { key: read.key, data: known.get(read.url) } : readAnswer(app, read))),
    );
    const data = { renderedAt, queries: answers.filter((answer) => answer !== null) };
    const markup = await renderer.render(url, data);
    const shown = listShown(route, reads, answers);
    const pageHeadNow = shown === 'posts' ? pageHead : { ...pageHead, noindex: true };
    return {
      html: template.page(pageHeadNow, { markup, data }),
      canonical: !pageHeadNow.noindex && pageHeadNow.url === `${publicUrl}${url}`,
      ...(shown === 'past-the-last' ? { pastTheLast: true } : {}),
    };
  };

  /**
   * Home's head. A tag search (`/?search=react`, as the sitemap lists them) is named for its tag;
   * it is that tag's page, at the address the sitemap gives, however the tag is written (the search
   * ignores case). A search for what is no tag (part of one's name: it finds posts of every tag
   * containing it) is a search's results, which search engines are asked not to keep.
   */
  const homeHead = async (canonical: string): Promise<PageHead> => {
    const params = new URLSearchParams(canonical.split('?')[1] ?? '');
    const search = params.get('search');
    if (!search) return head(canonical);
    const named = {
      title: pageTitle(siteName, tagPageTitle(search)),
      description: shortDescription(`The latest posts tagged ${search} on ${siteName}.`),
    };
    // The tag it names: `#rust` (as the chips show it) is rust's page too.
    const tag = tagTextSchema.safeParse(tagSearchNeedle(search));
    if (!tag.success || !(await tagExists(app.db, tag.data))) return head(canonical, { ...named, noindex: true });
    params.set('search', tag.data);
    return head(`/?${params.toString()}`, named);
  };

  const notFoundHead = (path: string) => head(path, { title: pageTitle(siteName, 'No Page Found'), noindex: true });

  return async function answer(target: string): Promise<PageAnswer> {
    // The address as the browser will read it: the page is decided, read and rendered from this
    // one string, so the markup is the page the route says (`/post-details/%2e%2e` is home, as it
    // is to the browser; `//x/` is a path the app does not know, not home on host x).
    const address = new URL(target.startsWith('/') ? `http://localhost${target}` : target, 'http://localhost');
    const path = address.pathname;
    const url = `${path}${address.search}`;
    const route = renderer.route(url);
    switch (route.page) {
      case 'home': {
        // The same for every visitor (signed out, light theme: see ADR 0015), so kept with the
        // list answers it shows and dropped by the same writes.
        // It shows every post's counts and the leaderboard, which move with any vote or comment
        // (the popularity order with any vote): it depends on those beside what moves every list.
        // Rendered from the address it is kept under, whichever address of it was asked for.
        const compute = async () => rendered(route.canonical, route, await homeHead(route.canonical));
        // Kept for the day too: the leaderboard's week moves on at midnight (UTC) with nothing
        // written, and its answer is kept by the day (leaderboard.routes.ts).
        const key = `first-view:${leaderboardWindow().today}:${route.canonical}`;
        // A page is some 130 kB: only those search engines may keep under their own address
        // (home's own pages and its tags', as the tags are written) are kept. Any text may be
        // searched, in any case, and any page number asked for: keeping each would push home out.
        const keep = (page: RenderedPage) => page.canonical;
        const page = app.readCache ? await app.readCache.read(key, compute, () => [SCORES, ACTIVITY], keep) : await compute();
        return { status: page.pastTheLast ? 404 : 200, html: page.html };
      }
      case 'not-found':
        return { status: 404, html: (await rendered(url, route, notFoundHead(path))).html };
      case 'post': {
        const post = await getJson<{ title: string; excerpt: string }>(app, `/api/post-data/${encodeURIComponent(route.id)}`);
        if (!post) return { status: 404, html: template.page(notFoundHead(path)) };
        return {
          status: 200,
          html: template.page(
            // Canonical: the post's one address, however this one was written.
            head(`/post-details/${encodeURIComponent(route.id)}`, {
              title: pageTitle(siteName, post.title),
              description: shortDescription(post.excerpt || post.title),
              type: 'article',
            }),
          ),
        };
      }
      case 'member': {
        const memberUrl = `/api/members/${encodeURIComponent(route.id)}`;
        const member = await getJson<{ name: string }>(app, memberUrl);
        if (!member) return { status: 404, html: template.page(notFoundHead(path)) };
        // Rendered for each request, not kept: there is a page for every member and page, which
        // kept beside home would push it out (see the home case). About 10 ms a profile (ADR 0015).
        const page = await rendered(
          url,
          route,
          // Canonical: the member's one address, with the page and page size it names.
          head(route.canonical, {
            title: pageTitle(siteName, member.name),
            description: shortDescription(`${member.name}'s posts and activity on ${siteName}.`),
            type: 'profile',
          }),
          // The profile read for the head is the one the page shows.
          new Map([[memberUrl, member]]),
        );
        return { status: page.pastTheLast ? 404 : 200, html: page.html };
      }
      case 'search': {
        const title = route.q ? `Search: ${route.q}` : 'Search';
        return { status: 200, html: template.page(head(url, { title: pageTitle(siteName, title), noindex: true })) };
      }
      case 'other':
        // The app's routes are lower case and match without a trailing slash, as they are named.
        // Forms and signed-in pages (robots.txt keeps crawlers out of them): named as the app
        // names them, so a tab reads "Sign In" before the app runs, and never indexed.
        return {
          status: 200,
          html: template.page(
            head(path.replace(/(.)\/+$/, '$1').toLowerCase(), { title: pageTitle(siteName, route.title), noindex: true }),
          ),
        };
    }
  };
}
