// The home post list: the source SPEC.md §4 picks (newest, popular or tag search), its
// loading, empty and error states, and the pagination (Prev, pages, Next, 5/10/20).
import { useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Post } from '#shared/schemas/post.ts';
import { tagMatchesSearch } from '#shared/tag-search.ts';
import { AddressLink } from '#web/components/ui/address-link.tsx';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { FirstPageLink, Pagination } from '#web/components/ui/pagination.tsx';
import type { PageSize } from '#web/components/ui/pagination-model.ts';
import { useListTop } from '#web/components/ui/use-list-top.ts';
import { codeOnDemand, preload, useCodeOnDemand } from '#web/lib/code-on-demand.ts';
import { homeListSource, homePostsQueryOptions, type HomeListQuery } from '../api/home-posts.ts';
import { newPostsLabel, useNewPosts } from '../api/live-posts.ts';
import type { HomeListControls } from '../hooks/use-home-list-params.ts';
import { PostCard } from './post-card.tsx';

// The share dialog is fetched when first wanted (a share button hovered, focused or
// clicked), not with the first view of home. Offline, a Share whose dialog is not here yet
// opens once the connection is back.
const shareDialogCode = codeOnDemand(() => import('./share-dialog.tsx'));
const preloadShareDialog = () => preload(shareDialogCode);

interface PostListProps {
  query: HomeListQuery & { limit: PageSize };
  onPageChange: (page: number) => void;
  onSizeChange: (size: PageSize) => void;
  onClearSearch: () => void;
  /** The address of the list changed so: its pages and "Clear search" are links to theirs. */
  hrefFor: HomeListControls['hrefFor'];
}

const HEADINGS = { newest: 'Latest posts', popularity: 'Most popular posts', search: 'Search results' } as const;

function PostCardSkeleton() {
  return (
    <div aria-hidden="true" className="rounded-card border border-line bg-surface p-5 shadow-card">
      <div className="flex items-center gap-3">
        <div className="size-10 animate-pulse rounded-full bg-line" />
        <div className="space-y-2">
          <div className="h-3 w-28 animate-pulse rounded bg-line" />
          <div className="h-2.5 w-16 animate-pulse rounded bg-line" />
        </div>
      </div>
      <div className="mt-4 h-4 w-3/4 animate-pulse rounded bg-line" />
      <div className="mt-5 h-3 w-40 animate-pulse rounded bg-line" />
    </div>
  );
}

export function PostList({ query, onPageChange, onSizeChange, onClearSearch, hrefFor }: PostListProps) {
  const headingId = useId();
  const { top, goTo } = useListTop();
  const heading = useRef<HTMLHeadingElement>(null);
  const [sharing, setSharing] = useState<Post | null>(null);
  const shareDialog = useCodeOnDemand(shareDialogCode, sharing !== null);
  const posts = useQuery(homePostsQueryOptions(query));
  const source = homeListSource(query);

  const total = posts.data?.total ?? 0;
  const items = posts.data?.items ?? [];
  // Live: posts published meanwhile wait behind a button instead of shifting the list. Only a
  // list of the newest first has a place for them at its top: home's, or a tag's in that order.
  const takesNewPosts = source === 'newest' || (source === 'search' && query.sort !== 'popularity');
  const newPosts = useNewPosts(
    items,
    `${source}:${query.search ?? ''}`,
    (post) => takesNewPosts && tagMatchesSearch(post.category, query.search ?? ''),
  );
  const showNewPosts = takesNewPosts && posts.isSuccess && newPosts.count > 0;

  return (
    <section ref={top} aria-labelledby={headingId}>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        {/* Focusable from code: the "N new posts" button leaves, and the focus moves here. */}
        <h2 ref={heading} id={headingId} tabIndex={-1} className="text-lg font-semibold tracking-tight outline-none">
          {source === 'search' ? (
            <>
              {HEADINGS.search} for <span className="text-brand-700">“{query.search}”</span>
            </>
          ) : (
            HEADINGS[source]
          )}
        </h2>
        <div className="flex items-center gap-3 text-sm text-muted">
          {posts.isSuccess && total > 0 && <span>{total === 1 ? '1 post' : `${total} posts`}</span>}
          {source === 'search' && (
            <AddressLink className={buttonClasses({ variant: 'link' })} href={hrefFor({ search: null, page: 0 })} onFollow={onClearSearch}>
              Clear search
            </AddressLink>
          )}
        </div>
      </div>

      {takesNewPosts && (
        // It takes no room (nothing under the reader's eyes moves when it comes): it floats over the
        // top edge of the list, and stays in sight under the top bar while the list is scrolled.
        // The live region is there before its button, so a screen reader hears the button come.
        <div role="status" aria-label="New posts" className="sticky top-24 z-10 flex h-0 justify-center">
          {showNewPosts && (
            <Button
              size="sm"
              className="-translate-y-1/2 rounded-full shadow-card"
              onClick={() =>
                goTo(() => {
                  void newPosts.bringIn();
                  if (query.page !== 0) onPageChange(0);
                  // The button goes away with the posts it announced: the reader goes on from the list's heading.
                  heading.current?.focus({ preventScroll: true });
                })
              }
            >
              {newPostsLabel(newPosts.count)}
            </Button>
          )}
        </div>
      )}

      {posts.isPending ? (
        <div role="status" aria-label="Loading posts" className="space-y-4">
          <PostCardSkeleton />
          <PostCardSkeleton />
          <PostCardSkeleton />
        </div>
      ) : posts.isError ? (
        <div role="alert" className="rounded-card border border-danger-200 bg-danger-50 p-5 text-sm text-danger-700">
          <p>Could not load posts: {posts.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void posts.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        // With a total, the page is past the last (an old link, or posts deleted meanwhile).
        <div className="rounded-card border border-dashed border-line bg-surface px-6 py-12 text-center">
          <p className="font-medium text-ink">
            {source === 'search' && total === 0
              ? `No results found for "${query.search}"`
              : total > 0
                ? 'No posts on this page.'
                : 'No posts here yet.'}
          </p>
          {source === 'search' && total === 0 ? (
            <p className="mt-1 text-sm text-muted">Try another tag, or pick one of the tags above.</p>
          ) : (
            query.page > 0 && <FirstPageLink className="mt-4" href={hrefFor({ page: 0 })} onFollow={() => onPageChange(0)} />
          )}
        </div>
      ) : (
        <ul aria-busy={posts.isPlaceholderData || undefined} className="space-y-4 transition-opacity aria-busy:opacity-60">
          {items.map((post) => (
            <li key={post._id}>
              <PostCard post={post} onShare={setSharing} onShareIntent={preloadShareDialog} />
            </li>
          ))}
        </ul>
      )}

      {posts.isSuccess && total > 0 && (
        <Pagination
          className="mt-6"
          label="Posts pages"
          page={query.page}
          size={query.limit}
          total={total}
          onPageChange={(page) => goTo(() => onPageChange(page))}
          onSizeChange={(size) => goTo(() => onSizeChange(size))}
          pageHref={(page) => hrefFor({ page })}
        />
      )}

      {sharing && shareDialog && <shareDialog.ShareDialog post={sharing} onClose={() => setSharing(null)} />}
    </section>
  );
}
