// The home search form (SPEC.md §2): "Search by tag..." text box, "Search" button and the
// sort select ("Sort" / "Popularity (High to Low)").
import type { FormEvent } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { SearchIcon } from '#web/components/ui/forum-icons.tsx';
import { cn } from '#web/utils/cn.ts';
import type { Sort } from '../api/home-posts.ts';

interface PostSearchFormProps {
  /** The submitted search (the box starts with it). */
  search: string | null;
  sort: Sort;
  onSearch: (text: string) => void;
  onSortChange: (sort: Sort) => void;
  className?: string;
}

const SORT_OPTIONS: { value: Sort; label: string }[] = [
  { value: '', label: 'Sort' },
  { value: 'popularity', label: 'Popularity (High to Low)' },
];

export function PostSearchForm({ search, sort, onSearch, onSortChange, className }: PostSearchFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = new FormData(event.currentTarget).get('search');
    onSearch(typeof text === 'string' ? text : '');
  };

  return (
    <form role="search" onSubmit={submit} className={cn('flex flex-col gap-3 sm:flex-row sm:items-end', className)}>
      <Field label="Search by tag" className="min-w-0 flex-1">
        {(control) => (
          <div className="flex gap-2">
            <div className="relative min-w-0 flex-1">
              <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted" />
              <input
                {...control}
                // A new submitted search (a tag chip, back/forward) refills the box.
                key={search ?? ''}
                name="search"
                type="search"
                defaultValue={search ?? ''}
                placeholder="Search by tag..."
                autoComplete="off"
                className="block h-11 w-full rounded-lg border border-line bg-surface pr-3 pl-10 text-ink shadow-xs placeholder:text-muted/80"
              />
            </div>
            <Button type="submit" size="lg">
              Search
            </Button>
          </div>
        )}
      </Field>
      <Field label="Sort by" className="sm:w-60">
        {(control) => (
          <select
            {...control}
            value={sort}
            onChange={(e) => onSortChange(e.target.value === 'popularity' ? 'popularity' : '')}
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
