import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '#web/components/ui/button.tsx';

interface UserSearchFormProps {
  search: string;
  onSearch: (search: string) => void;
  busy?: boolean;
}

/** Search users by name or email; an empty search lists everyone. */
export function UserSearchForm({ search, onSearch, busy = false }: UserSearchFormProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(search);
  // A search shown from elsewhere (back, forward) refills the field; the field itself stays, so
  // the focus of whoever searched from it stays there too.
  const [shown, setShown] = useState(search);
  if (shown !== search) {
    setShown(search);
    setText(search);
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" aria-label="Search users" onSubmit={submit} className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-end">
      <div className="flex-1 space-y-1.5">
        <label htmlFor={inputId} className="block text-sm font-medium text-ink">
          Search by name or email
        </label>
        <input
          ref={input}
          id={inputId}
          type="search"
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
          placeholder="e.g. ada or ada@example.com"
          className="block h-10 w-full rounded-lg border border-line bg-surface px-3 text-ink shadow-xs placeholder:text-muted/70"
        />
      </div>
      <div className="flex gap-2">
        <Button type="submit" isLoading={busy}>
          Search
        </Button>
        {search && (
          <Button
            variant="secondary"
            onClick={() => {
              setText('');
              onSearch('');
              // Clear goes with the search it clears: the field takes the focus, ready for the next.
              input.current?.focus();
            }}
          >
            Clear
          </Button>
        )}
      </div>
    </form>
  );
}
