// The formatting toolbar (ARIA toolbar: one tab stop, arrow keys between the buttons). The
// buttons keep the text's focus and selection: they act on mousedown without taking focus.
import { useState, type KeyboardEvent, type ReactElement } from 'react';
import type { IconProps } from '#web/components/ui/icon.tsx';
import type { FormatCommand } from './markdown-commands.ts';
import { BoldIcon, CodeBlockIcon, InlineCodeIcon, ItalicIcon, LinkChainIcon } from './markdown-icons.tsx';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const mod = isMac ? '⌘' : 'Ctrl+';

const BUTTONS: readonly { command: FormatCommand; label: string; key?: string; Icon: (props: IconProps) => ReactElement }[] = [
  { command: 'bold', label: 'Bold', key: 'B', Icon: BoldIcon },
  { command: 'italic', label: 'Italic', key: 'I', Icon: ItalicIcon },
  { command: 'link', label: 'Link', key: 'K', Icon: LinkChainIcon },
  { command: 'code', label: 'Inline code', Icon: InlineCodeIcon },
  { command: 'codeBlock', label: 'Code block', Icon: CodeBlockIcon },
];

interface MarkdownToolbarProps {
  /** The id of the textarea the buttons act on. */
  controls: string;
  onCommand: (command: FormatCommand) => void;
}

export function MarkdownToolbar({ controls, onCommand }: MarkdownToolbarProps) {
  const [active, setActive] = useState(0);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next =
      event.key === 'ArrowRight'
        ? (active + 1) % BUTTONS.length
        : event.key === 'ArrowLeft'
          ? (active - 1 + BUTTONS.length) % BUTTONS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? BUTTONS.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    event.currentTarget.querySelectorAll<HTMLElement>('button')[next]?.focus();
  };

  return (
    <div role="toolbar" aria-label="Formatting" aria-controls={controls} className="flex items-center" onKeyDown={onKeyDown}>
      {BUTTONS.map(({ command, label: name, key, Icon }, i) => (
        <button
          key={command}
          type="button"
          aria-label={name}
          title={key ? `${name} (${mod}${key})` : name}
          aria-keyshortcuts={key ? `Control+${key} Meta+${key}` : undefined}
          tabIndex={i === active ? 0 : -1}
          className="grid size-9 place-items-center rounded-md text-muted hover:bg-ink/5 hover:text-ink"
          // Mouse: keep the text's selection (the textarea keeps focus).
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            setActive(i);
            onCommand(command);
          }}
        >
          <Icon className="size-4.5" />
        </button>
      ))}
    </div>
  );
}
