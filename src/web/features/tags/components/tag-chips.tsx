// The row of "#tag" chips under the home search; a click searches that tag. Each chip is a link
// to that tag's page (home's tag search), which works without the app and which a crawler
// follows. Long tag lists show the first few with a button for the rest. A failed tag list shows no chips
// (SPEC.md §8: tag failures leave the list empty).
import { useState } from 'react';
import { tagSearchNeedle } from '#shared/tag-search.ts';
import { AddressLink } from '#web/components/ui/address-link.tsx';
import { cn } from '#web/utils/cn.ts';
import { useTags } from '../api/get-tags.ts';

interface TagChipsProps {
  /** The searched text; its chip shows as the current page. */
  active: string | null;
  onSelect: (tag: string) => void;
  /** The address of a tag's page. */
  tagHref: (tag: string) => string;
  className?: string;
}

const FIRST_CHIPS = 12;

export function TagChips({ active, onSelect, tagHref, className }: TagChipsProps) {
  const tags = useTags();
  const [expanded, setExpanded] = useState(false);

  if (tags.isPending) {
    return (
      <div aria-hidden="true" className={cn('flex flex-wrap gap-2', className)}>
        {[16, 20, 14, 24, 18].map((w) => (
          <span key={w} className="h-8 animate-pulse rounded-full bg-line" style={{ width: `${w * 4}px` }} />
        ))}
      </div>
    );
  }
  const all = tags.data ?? [];
  if (all.length === 0) return null;
  const shown = expanded ? all : all.slice(0, FIRST_CHIPS);

  return (
    <ul aria-label="Tags" className={cn('flex flex-wrap gap-2', className)}>
      {shown.map(({ _id, tag }) => {
        const current = active !== null && tagSearchNeedle(active) === tag;
        return (
          <li key={_id}>
            <AddressLink
              href={tagHref(tag)}
              aria-current={current ? 'page' : undefined}
              onFollow={() => onSelect(tag)}
              className={cn(
                'inline-flex h-8 items-center rounded-full border px-3 text-sm font-medium transition-colors',
                current
                  ? 'border-brand-600 bg-brand-600 text-white'
                  : 'border-brand-100 bg-brand-50 text-brand-700 hover:border-brand-300 hover:bg-brand-100',
              )}
            >
              #{tag}
            </AddressLink>
          </li>
        );
      })}
      {all.length > FIRST_CHIPS && (
        <li>
          <button
            type="button"
            onClick={() => setExpanded(!expanded)}
            className="inline-flex h-8 items-center rounded-full px-3 text-sm font-medium text-muted hover:bg-ink/5 hover:text-ink"
          >
            {expanded ? 'Fewer tags' : `All ${all.length} tags`}
          </button>
        </li>
      )}
    </ul>
  );
}
