// Which page an address is, and the API reads the server makes to render it (ADR 0015). The
// route table (app/routes.tsx, built from config/paths.ts) decides the page, so the server
// knows no list of paths of its own; the query keys are the browser's own, so the answers seed
// exactly the queries the page will ask for.
import { matchRoutes } from 'react-router';
import { HOME_PAGE_SIZE } from '#shared/constants.ts';
import type { FirstViewRead, FirstViewRoute } from '#shared/first-view.ts';
import { routes } from '#web/app/routes.tsx';
import { listHref, readPageParams, writePageParam, type PageSize } from '#web/components/ui/pagination-model.ts';
import { paths } from '#web/config/paths.ts';
import { announcementKeys } from '#web/features/announcements/api/query-keys.ts';
import { HOME_ANNOUNCEMENTS } from '#web/features/announcements/api/get-announcements.ts';
import { leaderboardKeys } from '#web/features/leaderboard/api/query-keys.ts';
import { homeListSource, homePostsQueryOptions } from '#web/features/posts/api/home-posts.ts';
import { postKeys } from '#web/features/posts/api/query-keys.ts';
import { readHomeListParams, writeHomeListParams } from '#web/features/posts/hooks/use-home-list-params.ts';
import { tagKeys } from '#web/features/tags/api/query-keys.ts';
import { userKeys } from '#web/features/users/api/query-keys.ts';
import { configKeys } from '#web/lib/public-config.ts';

/** A member page's list as its address names it: home's page size unless it names another. */
const memberPageParams = (params: URLSearchParams) => readPageParams(params, HOME_PAGE_SIZE as PageSize);

const queryString = (query: Record<string, string | number>): string =>
  new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();

/**
 * An address (`/path?query`) read as the browser reads its own: `//x/` is a path beginning with
 * two slashes, not the address of host x (as `new URL(url, base)` would have it).
 */
const addressOf = (url: string): URL => new URL(url.startsWith('/') ? `http://localhost${url}` : url, 'http://localhost');

type PathKind =
  | { page: 'home' }
  | { page: 'search' }
  | { page: 'other'; title?: string }
  | { page: 'not-found' }
  | { page: 'post' | 'member'; id: string };

/** Each route path whose page has a fixed title (config/paths.ts), and that title. */
function titlesOf(entries: object, into = new Map<string, string>()): Map<string, string> {
  for (const entry of Object.values(entries) as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { path, title } = entry as { path?: unknown; title?: unknown };
    if (typeof path === 'string' && typeof title === 'string') into.set(path, title);
    else titlesOf(entry, into);
  }
  return into;
}
const pageTitles = titlesOf(paths);

/** What the route table says of a path. matchRoutes compiles the whole table on every call. */
function pathKind(pathname: string): PathKind {
  const leaf = matchRoutes(routes, pathname)?.at(-1);
  if (!leaf || leaf.route.path === '*') return { page: 'not-found' };
  if (leaf.route.index && leaf.pathname === paths.home.path) return { page: 'home' };
  const id = leaf.params.id ?? '';
  switch (leaf.route.path) {
    case paths.postDetails.path:
      return { page: 'post', id };
    case paths.member.path:
      return { page: 'member', id };
    case paths.search.path:
      return { page: 'search' };
    default:
      return { page: 'other', title: leaf.route.path ? pageTitles.get(leaf.route.path) : undefined };
  }
}

/** The paths asked for lately and what they are (the busiest, home, is asked for all the time). */
const KEPT_PATHS = 500;
const kinds = new Map<string, PathKind>();

function keptPathKind(pathname: string): PathKind {
  let kind = kinds.get(pathname);
  if (!kind) {
    kind = pathKind(pathname);
    kinds.set(pathname, kind);
    if (kinds.size > KEPT_PATHS) kinds.delete(kinds.keys().next().value as string);
  }
  return kind;
}

export function firstViewRoute(url: string): FirstViewRoute {
  const { pathname, searchParams } = addressOf(url);
  const kind = keptPathKind(pathname);
  switch (kind.page) {
    case 'home': {
      const canonical = writeHomeListParams(readHomeListParams(searchParams)).toString();
      return { page: 'home', canonical: canonical ? `/?${canonical}` : '/' };
    }
    case 'search':
      return { page: 'search', q: searchParams.get('q')?.trim() ?? '' };
    case 'post':
      return { page: 'post', id: kind.id };
    case 'member': {
      const { chosenPage, size } = memberPageParams(searchParams);
      const params = new URLSearchParams();
      writePageParam(params, chosenPage ?? 0);
      if (size !== HOME_PAGE_SIZE) params.set('limit', String(size));
      return { page: 'member', id: kind.id, canonical: listHref(paths.member.getHref(kind.id), params) };
    }
    default:
      return kind;
  }
}

/** The top bar's reads: the site's name and the bell's count. */
const shellReads = (): FirstViewRead[] => [
  { key: configKeys.all, url: '/api/config', paged: false },
  {
    key: announcementKeys.page({ page: 0, limit: 1 }),
    url: `/api/announcement-data?${queryString({ page: 0, limit: 1 })}`,
    paged: true,
  },
];

/** Home's list as its address asks for it (SPEC.md §4: newest, popular or a tag search). */
function homeListRead(url: string): FirstViewRead {
  const params = readHomeListParams(addressOf(url).searchParams);
  const key = homePostsQueryOptions(params).queryKey;
  const page = { page: params.page, limit: params.limit };
  switch (homeListSource(params)) {
    case 'search': {
      const query =
        params.sort === 'popularity'
          ? { search: params.search ?? '', sort: 'popularity', ...page }
          : { search: params.search ?? '', ...page };
      return { key, url: `/api/search-by-tag?${queryString(query)}`, paged: true, emptyOnRefusal: true, pageList: true };
    }
    case 'popularity':
      return { key, url: `/api/post-data/popularity?${queryString(page)}`, paged: true, pageList: true };
    case 'newest':
      return { key, url: `/api/pagination?${queryString(page)}`, paged: true, pageList: true };
  }
}

/** A member's profile and the page of their posts its address names (app/routes/member.tsx). */
function memberReads(url: string, id: string): FirstViewRead[] {
  const { chosenPage, size } = memberPageParams(addressOf(url).searchParams);
  const page = { page: chosenPage ?? 0, limit: size };
  const member = `/api/members/${encodeURIComponent(id)}`;
  return [
    { key: userKeys.member(id), url: member, paged: false },
    { key: postKeys.byAuthor(id, page), url: `${member}/posts?${queryString(page)}`, paged: true, pageList: true },
  ];
}

export function firstViewReads(url: string, route: FirstViewRoute): FirstViewRead[] {
  if (route.page === 'member') return [...shellReads(), ...memberReads(url, route.id)];
  if (route.page !== 'home') return shellReads();
  return [
    ...shellReads(),
    homeListRead(url),
    {
      key: announcementKeys.page({ page: 0, limit: HOME_ANNOUNCEMENTS }),
      url: `/api/announcement-data?${queryString({ page: 0, limit: HOME_ANNOUNCEMENTS })}`,
      paged: true,
    },
    { key: leaderboardKeys.week(), url: '/api/user-data', paged: false },
    { key: tagKeys.list(), url: '/api/tag-data', paged: false },
  ];
}
