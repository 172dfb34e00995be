// Stored Markdown HTML as the server rendered it: already sanitised by its allow-list and
// highlighted, so the browser only shows it (API.md "Markdown"). Each code block gets a bar
// with its language and a "Copy" button, mounted through portals into the rendered HTML.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '#web/utils/cn.ts';

interface CodeBlock {
  bar: HTMLElement;
  code: HTMLElement;
  language: string | null;
}

const COPIED_MS = 2000;

/** Wraps every <pre> of the rendered HTML in a frame with a bar for its controls. */
function frameCodeBlocks(root: HTMLElement): CodeBlock[] {
  return Array.from(root.querySelectorAll('pre')).map((pre) => {
    // Framed already (effects run twice in development's strict mode): keep that frame.
    let bar = pre.previousElementSibling;
    if (!(bar instanceof HTMLElement) || !bar.classList.contains('code-block-bar')) {
      const frame = document.createElement('div');
      frame.className = 'code-block';
      bar = document.createElement('div');
      bar.className = 'code-block-bar';
      pre.replaceWith(frame);
      frame.append(bar, pre);
    }
    const code = pre.querySelector('code') ?? pre;
    const language = /(?:^|\s)language-([\w+#.-]+)/.exec(code.className)?.[1] ?? null;
    // A long line scrolls inside the block; the keyboard reaches it too.
    pre.tabIndex = 0;
    return { bar: bar as HTMLElement, code, language };
  });
}

/** A wide table scrolls sideways inside its box (styles.css): the keyboard reaches it as it does a code block. */
function letTablesScroll(root: HTMLElement): void {
  for (const table of root.querySelectorAll('table')) table.tabIndex = 0;
}

export function MarkdownContent({ html, className }: { html: string; className?: string }) {
  const root = useRef<HTMLDivElement>(null);
  const [blocks, setBlocks] = useState<CodeBlock[]>([]);

  // React writes the HTML, then the frames go around its code blocks before the browser
  // paints; new HTML replaces the frames with it.
  useLayoutEffect(() => {
    if (root.current) letTablesScroll(root.current);
    setBlocks(root.current ? frameCodeBlocks(root.current) : []);
  }, [html]);

  return (
    <>
      <div ref={root} className={cn('markdown-body', className)} dangerouslySetInnerHTML={{ __html: html }} />
      {blocks.map((block, i) =>
        createPortal(
          <>
            <span className="code-block-language">{block.language ?? 'code'}</span>
            <CopyButton source={block.code} />
          </>,
          block.bar,
          `${i}`,
        ),
      )}
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
