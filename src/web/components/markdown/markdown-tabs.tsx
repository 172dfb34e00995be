// "Write" and "Preview" as an ARIA tab list: the selected tab is the one tab stop, the arrow
// keys (and Home, End) move between the tabs and select them.
import { useRef, type KeyboardEvent } from 'react';
import { cn } from '#web/utils/cn.ts';

export type EditorTab = 'write' | 'preview';

const TABS: readonly { value: EditorTab; label: string }[] = [
  { value: 'write', label: 'Write' },
  { value: 'preview', label: 'Preview' },
];

interface MarkdownTabsProps {
  tab: EditorTab;
  onChange: (tab: EditorTab) => void;
  panelIds: Record<EditorTab, string>;
  /** Tab ids are `${idBase}-tab-write` and `${idBase}-tab-preview` (the panels point at them). */
  idBase: string;
}

export function MarkdownTabs({ tab, onChange, panelIds, idBase }: MarkdownTabsProps) {
  const list = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((t) => t.value === tab);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    onChange(TABS[next]!.value);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(`${idBase}-tab-${TABS[next]!.value}`)}`)?.focus();
  };

  return (
    <div ref={list} role="tablist" aria-label="Write or preview" className="flex gap-1 py-1.5" onKeyDown={onKeyDown}>
      {TABS.map(({ value, label: text }) => {
        const selected = value === tab;
        return (
          <button
            key={value}
            type="button"
            role="tab"
            id={`${idBase}-tab-${value}`}
            aria-selected={selected}
            aria-controls={panelIds[value]}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(value)}
            className={cn(
              'rounded-md px-3 py-1 text-sm font-medium',
              selected ? 'bg-surface text-ink shadow-xs ring-1 ring-line' : 'text-muted hover:bg-ink/5 hover:text-ink',
            )}
          >
            {text}
          </button>
        );
      })}
    </div>
  );
}
