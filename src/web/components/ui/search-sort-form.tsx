// A search box with its "Search" button beside a sort select: the home page's tag search and
// the search page both use it, each with its own field, texts and orders.
import { useLayoutEffect, useRef, type FormEvent } from 'react';
import { cn } from '#web/utils/cn.ts';
import { Button } from './button.tsx';
import { Field } from './field.tsx';
import { SearchIcon } from './forum-icons.tsx';

interface SearchSortFormProps<S extends string> {
  /** The search box's label, its name in the form, and the submitted search (the box starts with it). */
  label: string;
  name: string;
  value: string;
  placeholder: string;
  maxLength?: number;
  sort: S;
  sortOptions: readonly { value: S; label: string }[];
  /** The order a select value stands for (anything unknown falls back to a default). */
  toSort: (value: string) => S;
  /** The sort field's width from the small breakpoint up. */
  sortClassName: string;
  onSearch: (text: string) => void;
  onSortChange: (sort: S) => void;
  className?: string;
}

export function SearchSortForm<S extends string>({
  label,
  name,
  value,
  placeholder,
  maxLength,
  sort,
  sortOptions,
  toSort,
  sortClassName,
  onSearch,
  onSortChange,
  className,
}: SearchSortFormProps<S>) {
  // A new submitted search (a link, the top bar, back/forward) refills the box. The box itself
  // stays (a new one would drop the focus of a reader who sent the search from it), and stays
  // uncontrolled, so what is typed before the page is hydrated is kept.
  const box = useRef<HTMLInputElement>(null);
  const shown = useRef(value);
  useLayoutEffect(() => {
    if (shown.current === value) return;
    shown.current = value;
    if (box.current) box.current.value = value;
  }, [value]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = new FormData(event.currentTarget).get(name);
    onSearch(typeof text === 'string' ? text : '');
  };

  return (
    <form role="search" onSubmit={submit} className={cn('flex flex-col gap-3 sm:flex-row sm:items-end', className)}>
      <Field label={label} className="min-w-0 flex-1">
        {(control) => (
          <div className="flex gap-2">
            <div className="relative min-w-0 flex-1">
              <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted" />
              <input
                {...control}
                ref={box}
                name={name}
                type="search"
                defaultValue={value}
                maxLength={maxLength}
                placeholder={placeholder}
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
      <Field label="Sort by" className={sortClassName}>
        {(control) => (
          <select
            {...control}
            value={sort}
            onChange={(e) => onSortChange(toSort(e.target.value))}
            className="block h-11 w-full rounded-lg border border-line bg-surface px-3 text-ink shadow-xs"
          >
            {sortOptions.map((option) => (
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
