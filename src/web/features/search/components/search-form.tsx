// The search page's form: the words (prefilled with the submitted search), a "Search" button
// and the order of the results ("Relevance" or "Newest").
import { SEARCH_QUERY_MAX } from '#shared/constants.ts';
import { SearchSortForm } from '#web/components/ui/search-sort-form.tsx';
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
  return (
    <SearchSortForm
      label="Search terms"
      name="q"
      value={q}
      placeholder="Words or code"
      maxLength={SEARCH_QUERY_MAX}
      sort={sort}
      sortOptions={SORT_OPTIONS}
      toSort={(value) => (isSearchSort(value) ? value : 'relevance')}
      sortClassName="sm:w-44"
      onSearch={onSearch}
      onSortChange={onSortChange}
      className={className}
    />
  );
}
