// /search (anyone): full-text search of posts and comments (API.md "Search"). The words, the
// order and the page are in the address; with no words, a short prompt instead of a call.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { SEARCH_QUERY_MAX } from '#shared/constants.ts';
import { SearchForm } from '#web/features/search/components/search-form.tsx';
import { SearchResults } from '#web/features/search/components/search-results.tsx';
import { useSearchPageParams } from '#web/features/search/hooks/use-search-page-params.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

export function SearchPage() {
  const search = useSearchPageParams();
  const { q } = search;
  useDocumentTitle(q ? `Search: ${q}` : 'Search');
  // A search from the top bar lands on the heading (the field it was typed in is replaced).
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = (location.state as { focusHeading?: boolean } | null)?.focusHeading === true;
  useEffect(() => {
    if (focusHeading) heading.current?.focus({ preventScroll: true });
  }, [focusHeading, location.key]);

  return (
    <div className="mx-auto max-w-3xl px-3 py-6 sm:px-4 lg:py-8">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none sm:text-3xl">
        Search
      </h1>
      <SearchForm className="mt-4" q={q} sort={search.sort} onSearch={search.submitSearch} onSortChange={search.changeSort} />

      <div className="mt-6 lg:mt-8">
        {q === '' ? (
          <div className="rounded-card border border-dashed border-line bg-surface px-6 py-10 text-sm text-muted">
            <p className="text-base font-medium text-ink">Search the words of posts and comments.</p>
            <ul className="mt-3 list-disc space-y-1 pl-5">
              <li>Every word must match, and finds the words that start with it.</li>
              <li>
                Code is found whole: <code className="font-mono text-ink">useEffect</code>,{' '}
                <code className="font-mono text-ink">std::vector</code>.
              </li>
              <li>
                <code className="font-mono text-ink">&quot;a phrase&quot;</code> keeps the words in order;{' '}
                <code className="font-mono text-ink">tag:rust</code> and{' '}
                <code className="font-mono text-ink">author:&quot;Ada Lovelace&quot;</code> narrow the results.
              </li>
            </ul>
          </div>
        ) : q.length > SEARCH_QUERY_MAX ? (
          <p role="alert" className="rounded-card border border-danger-200 bg-danger-50 p-5 text-sm text-danger-700">
            A search is at most {SEARCH_QUERY_MAX} characters.
          </p>
        ) : (
          <SearchResults
            query={{ q, sort: search.sort, page: search.page, limit: search.limit }}
            onPageChange={search.changePage}
            onSizeChange={search.changeSize}
          />
        )}
      </div>
    </div>
  );
}
