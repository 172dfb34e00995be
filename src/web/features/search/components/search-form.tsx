// The search page's form: the words (prefilled with the submitted search), a "Search" button
// and the order of the results ("Relevance" or "Newest").
import type { FormEvent } from 'react';
import { SEARCH_QUERY_MAX } from '#shared/constants.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { SearchIcon } from '#web/components/ui/forum-icons.tsx';
import { cn } from '#web/utils/cn.ts';
import { isSearchSort, type SearchSort } from '../api/search-posts.ts';

interface SearchFormProps {
  q: string;
  sort: SearchSort;
  onSearch: (text: string) => void;
  onSortChange: (sort: SearchSort) => void;
  className?: string;
}

const SORT_OPTIONS: { value: SearchSort; label: string }[] = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'newest', label: 'Newest' },
];

export function SearchForm({ q, sort, onSearch, onSortChange, className }: SearchFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = new FormData(event.currentTarget).get('q');
    onSearch(typeof text === 'string' ? text : '');
  };

  return (
    <form role="search" onSubmit={submit} className={cn('flex flex-col gap-3 sm:flex-row sm:items-end', className)}>
      <Field label="Search terms" className="min-w-0 flex-1">
        {(control) => (
          <div className="flex gap-2">
            <div className="relative min-w-0 flex-1">
              <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted" />
              <input
                {...control}
                // A new submitted search (the top bar, back/forward) refills the box.
                key={q}
                name="q"
                type="search"
                defaultValue={q}
                maxLength={SEARCH_QUERY_MAX}
                placeholder="Words or code"
                autoComplete="off"
                enterKeyHint="search"
                className="block h-11 w-full rounded-lg border border-line bg-surface pr-3 pl-10 text-ink shadow-xs placeholder:text-muted/80"
              />
            </div>
            <Button type="submit" size="lg">
              Search
            </Button>
          </div>
        )}
      </Field>
      <Field label="Sort by" className="sm:w-44">
        {(control) => (
          <select
            {...control}
            value={sort}
            onChange={(e) => onSortChange(isSearchSort(e.target.value) ? e.target.value : 'relevance')}
            className="block h-11 w-full rounded-lg border border-line bg-surface px-3 text-ink shadow-xs"
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </Field>
    </form>
  );
}
