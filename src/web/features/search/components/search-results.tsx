// The results of a search: their count, loading, error and empty states, the hits, and the
// pagination (Prev, pages, Next, 5/10/20) as on home.
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SEARCH_COUNT_MAX } from '#shared/constants.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import type { PageSize } from '#web/components/ui/pagination-model.ts';
import { useListTop } from '#web/components/ui/use-list-top.ts';
import { searchQueryOptions, type SearchQuery } from '../api/search-posts.ts';
import { SearchHitCard } from './search-hit-card.tsx';

/** The server counts matches one past SEARCH_COUNT_MAX: a total above the cap means more than it. */
const resultCount = (total: number): string =>
  total > SEARCH_COUNT_MAX ? `${SEARCH_COUNT_MAX}+ results` : total === 1 ? '1 result' : `${total} results`;

interface SearchResultsProps {
  query: SearchQuery & { limit: PageSize };
  onPageChange: (page: number) => void;
  onSizeChange: (size: PageSize) => void;
}

function HitSkeleton() {
  return (
    <div aria-hidden="true" className="rounded-card border border-line bg-surface p-5 shadow-card">
      <div className="flex items-center gap-3">
        <div className="size-9 animate-pulse rounded-full bg-line" />
        <div className="space-y-2">
          <div className="h-3 w-28 animate-pulse rounded bg-line" />
          <div className="h-2.5 w-16 animate-pulse rounded bg-line" />
        </div>
      </div>
      <div className="mt-4 h-4 w-3/4 animate-pulse rounded bg-line" />
      <div className="mt-3 h-3 w-full animate-pulse rounded bg-line" />
    </div>
  );
}

export function SearchResults({ query, onPageChange, onSizeChange }: SearchResultsProps) {
  const headingId = useId();
  const { top, goTo } = useListTop();
  const results = useQuery(searchQueryOptions(query));

  const total = results.data?.total ?? 0;
  const hits = results.data?.items ?? [];

  return (
    <section ref={top} aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-4 text-lg font-semibold tracking-tight">
        {results.isSuccess && total > 0 ? resultCount(total) : 'Results'}
        <span className="sr-only"> for “{query.q}”</span>
      </h2>

      {results.isPending ? (
        <div role="status" aria-label="Searching" className="space-y-4">
          <HitSkeleton />
          <HitSkeleton />
          <HitSkeleton />
        </div>
      ) : results.isError ? (
        <div role="alert" className="rounded-card border border-danger-200 bg-danger-50 p-5 text-sm text-danger-700">
          <p>Could not search: {results.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void results.refetch()}>
            Try again
          </Button>
        </div>
      ) : hits.length === 0 ? (
        <div className="rounded-card border border-dashed border-line bg-surface px-6 py-12 text-center">
          {total === 0 ? (
            <>
              <p className="font-medium text-ink">No posts match &quot;{query.q}&quot;.</p>
              <p className="mt-1 text-sm text-muted">Try fewer or shorter words: each word also finds longer words that start with it.</p>
            </>
          ) : (
            <>
              <p className="font-medium text-ink">No results on this page.</p>
              <Button variant="secondary" size="sm" className="mt-4" onClick={() => onPageChange(0)}>
                Back to the first page
              </Button>
            </>
          )}
        </div>
      ) : (
        <ul aria-busy={results.isPlaceholderData || undefined} className="space-y-4 transition-opacity aria-busy:opacity-60">
          {hits.map((hit) => (
            <li key={`${hit.type}-${hit.commentId ?? hit.postId}`}>
              <SearchHitCard hit={hit} />
            </li>
          ))}
        </ul>
      )}

      {results.isSuccess && total > 0 && (
        <Pagination
          className="mt-6"
          label="Result pages"
          page={query.page}
          size={query.limit}
          // The server pages no further than the cap.
          total={Math.min(total, SEARCH_COUNT_MAX)}
          onPageChange={(page) => goTo(() => onPageChange(page))}
          onSizeChange={(size) => goTo(() => onSizeChange(size))}
        />
      )}
    </section>
  );
}
