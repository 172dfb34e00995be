// The home search form (SPEC.md §2): "Search by tag..." text box, "Search" button and the
// sort select ("Sort" / "Popularity (High to Low)").
import { SearchSortForm } from '#web/components/ui/search-sort-form.tsx';
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
  return (
    <SearchSortForm
      label="Search by tag"
      name="search"
      value={search ?? ''}
      placeholder="Search by tag..."
      sort={sort}
      sortOptions={SORT_OPTIONS}
      toSort={(value) => (value === 'popularity' ? 'popularity' : '')}
      sortClassName="sm:w-60"
      onSearch={onSearch}
      onSortChange={onSortChange}
      className={className}
    />
  );
}
