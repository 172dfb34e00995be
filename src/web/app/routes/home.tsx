// Home (SPEC.md §2): the tag search and sort, the tag chips, then three columns on large
// screens: the weekly leaderboard, the post list and the announcements. Small screens
// show the list only, plus the announcements above it when the bell (/#announcements) led here.
import { useLocation } from 'react-router';
import { tagPageTitle } from '#shared/first-view.ts';
import { AnnouncementList } from '#web/features/announcements/components/announcement-list.tsx';
import { Leaderboard } from '#web/features/leaderboard/components/leaderboard.tsx';
import { PostList } from '#web/features/posts/components/post-list.tsx';
import { PostSearchForm } from '#web/features/posts/components/post-search-form.tsx';
import { useHomeListParams } from '#web/features/posts/hooks/use-home-list-params.ts';
import { TagChips } from '#web/features/tags/components/tag-chips.tsx';
import { useIsHydrating } from '#web/lib/first-view.tsx';
import { usePublicConfig } from '#web/lib/public-config.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useMediaQuery } from '#web/lib/use-media-query.ts';
import { cn } from '#web/utils/cn.ts';

/** Tailwind's lg: three columns from here up. */
const WIDE = '(min-width: 64rem)';

export function HomePage() {
  const { siteName } = usePublicConfig();
  const list = useHomeListParams();
  const { hash } = useLocation();
  // Only once hydrated: the server never sees the hash, so it renders them hidden on a phone, and
  // hydration keeps the server's classes (a page opened at /#announcements would show none).
  const hydrating = useIsHydrating();
  const announcementsWanted = hash === '#announcements' && !hydrating;
  // Above the list on a phone, they come before it in the page too, so the tab order (and a
  // screen reader's) goes from them on to the posts rather than from the posts up to them.
  const wide = useMediaQuery(WIDE);
  const announcementsFirst = announcementsWanted && !wide;
  // A tag search is a page of its own (the sitemap lists it), named as the server names it.
  useDocumentTitle(list.search ? tagPageTitle(list.search) : null);
  // Until hydrated, CSS shows them, first, when the address targets them (:target): as the server
  // painted the page, and without JavaScript. Not after: pushState does not move :target.
  const announcements = (
    <aside
      aria-label="Announcements"
      className={cn(
        'min-w-0 lg:col-span-3 lg:block',
        !announcementsWanted && 'hidden',
        hydrating && 'has-[:target]:order-first has-[:target]:block lg:has-[:target]:order-none',
      )}
    >
      <AnnouncementList />
    </aside>
  );

  return (
    <div className="mx-auto max-w-6xl px-3 py-6 sm:px-4 lg:py-8">
      <section
        aria-labelledby="home-title"
        className="rounded-card border border-line bg-linear-to-br from-brand-50 via-surface to-surface p-4 shadow-card sm:p-6"
      >
        <h1 id="home-title" className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
          {siteName}
        </h1>
        <p className="mt-1 text-sm text-muted sm:text-base">
          Where tech contributors share posts, discuss them and help each other. Find discussions by tag.
        </p>
        <PostSearchForm
          className="mt-5"
          search={list.search}
          sort={list.sort}
          onSearch={list.submitSearch}
          onSortChange={list.changeSort}
        />
        <TagChips
          active={list.search}
          onSelect={list.submitSearch}
          tagHref={(tag) => list.hrefFor({ search: tag, page: 0 })}
          className="mt-4"
        />
      </section>

      <div className="mt-6 grid gap-6 lg:mt-8 lg:grid-cols-12">
        <aside aria-label="Leaderboard" className="hidden min-w-0 lg:col-span-3 lg:block">
          <Leaderboard className="lg:sticky lg:top-20" />
        </aside>
        {announcementsFirst && announcements}
        <div className="min-w-0 lg:col-span-6">
          <PostList
            query={list}
            onPageChange={list.changePage}
            onSizeChange={list.changeSize}
            onClearSearch={list.clearSearch}
            hrefFor={list.hrefFor}
          />
        </div>
        {!announcementsFirst && announcements}
      </div>
    </div>
  );
}
