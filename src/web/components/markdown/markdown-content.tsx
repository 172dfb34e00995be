// Stored Markdown HTML as the server rendered it: already sanitised by its allow-list and
// highlighted, so the browser only shows it (API.md "Markdown"). Each code block gets a frame
// with a bar naming its language, and a "Copy" button mounted into the bar through a portal.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { MarkdownKind } from '#shared/schemas/markdown.ts';
import { cn } from '#web/utils/cn.ts';

interface CodeBlock {
  bar: HTMLElement;
  code: HTMLElement;
}

const COPIED_MS = 2000;

const CODE_BLOCK_OPEN = /<pre\b[^>]*>(?:\s*<code\b[^>]*>)?/g;
const LANGUAGE = /\bclass="(?:[^"]*\s)?language-([\w+#.-]+)/;

/**
 * The stored HTML with every code block in a frame whose bar names its language. The frame is
 * part of the markup, not added to the page afterwards: a page the server rendered shows it
 * before it is hydrated, and hydrating it moves nothing (ADR 0015); the Copy button then takes
 * its place in the bar, which is as tall without it.
 */
export function framedCodeBlocks(html: string): string {
  if (!html.includes('<pre')) return html;
  return html
    .replace(CODE_BLOCK_OPEN, (open) => {
      // Only word characters, `+`, `#`, `.` and `-`: nothing to escape.
      const language = LANGUAGE.exec(open)?.[1] ?? 'code';
      return `<div class="code-block"><div class="code-block-bar"><span class="code-block-language">${language}</span></div>${open.replace('<pre', '<pre tabindex="0"')}`;
    })
    .replace(/<\/pre>/g, '</pre></div>');
}

/** The bars of the framed code blocks, each with the code its Copy button copies. */
function codeBlocks(root: HTMLElement): CodeBlock[] {
  return Array.from(root.querySelectorAll<HTMLElement>('.code-block-bar')).flatMap((bar) => {
    const pre = bar.nextElementSibling;
    if (!(pre instanceof HTMLElement)) return [];
    return [{ bar, code: pre.querySelector('code') ?? pre }];
  });
}

/** A wide table scrolls sideways inside its box (styles.css): the keyboard reaches it as it does a code block. */
function letTablesScroll(root: HTMLElement): void {
  for (const table of root.querySelectorAll('table')) table.tabIndex = 0;
}

interface MarkdownContentProps {
  html: string;
  /** What the text was written as: its `#` is a heading of that kind's level (ADR 0023), sized by its rank (styles.css). */
  kind: MarkdownKind;
  className?: string;
}

export function MarkdownContent({ html, kind, className }: MarkdownContentProps) {
  const root = useRef<HTMLDivElement>(null);
  const [blocks, setBlocks] = useState<CodeBlock[]>([]);

  const framed = useMemo(() => framedCodeBlocks(html), [html]);

  // React writes the HTML, then each code block's Copy button goes into its bar before the
  // browser paints.
  useLayoutEffect(() => {
    if (root.current) letTablesScroll(root.current);
    setBlocks(root.current ? codeBlocks(root.current) : []);
  }, [framed]);

  return (
    <>
      <div ref={root} className={cn('markdown-body', className)} data-kind={kind} dangerouslySetInnerHTML={{ __html: framed }} />
      {blocks.map((block, i) => createPortal(<CopyButton source={block.code} />, block.bar, `${i}`))}
    </>
  );
}

function CopyButton({ source }: { source: HTMLElement }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = window.setTimeout(() => setState('idle'), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(source.textContent ?? '');
      setState('copied');
    } catch {
      // No clipboard (an insecure address, a refused permission): select the code instead.
      window.getSelection()?.selectAllChildren(source);
      setState('failed');
    }
  };

  return (
    <button type="button" className="code-copy-button" onClick={() => void copy()}>
      <span aria-live="polite">{state === 'copied' ? 'Copied' : state === 'failed' ? 'Press Ctrl+C' : 'Copy'}</span>
    </button>
  );
}
