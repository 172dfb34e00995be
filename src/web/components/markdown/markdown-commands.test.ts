import { describe, expect, it } from 'vitest';
import {
  applyEdit,
  blockLead,
  formatEdit,
  imageMarkdown,
  indentEdit,
  isInCodeBlock,
  type FormatCommand,
  type TextEdit,
} from './markdown-commands.ts';

/** The text after the edit with the new selection marked by [ and ]. */
function show(text: string, edit: TextEdit | null): string {
  if (!edit) return 'no edit';
  const next = applyEdit(text, edit);
  return `${next.slice(0, edit.select.start)}[${next.slice(edit.select.start, edit.select.end)}]${next.slice(edit.select.end)}`;
}

const run = (command: FormatCommand, text: string, start: number, end = start) => show(text, formatEdit(command, text, { start, end }));

describe('formatting commands', () => {
  it('wraps the selection, or inserts a selected placeholder', () => {
    expect(run('bold', 'make it loud', 8, 12)).toBe('make it **[loud]**');
    expect(run('bold', 'x ', 2)).toBe('x **[bold text]**');
    expect(run('italic', 'so calm', 3, 7)).toBe('so _[calm]_');
    expect(run('code', 'call fn now', 5, 7)).toBe('call `[fn]` now');
  });

  it('unwraps a selection that is wrapped already', () => {
    expect(run('bold', 'make it **loud**', 10, 14)).toBe('make it [loud]');
  });

  // A double-clicked word takes its space along in some browsers, a line its break: marks put
  // around them (`**loud **`) are not emphasis, and the text shows them as typed.
  it('leaves the spaces at either end of the selection outside the marks', () => {
    expect(run('bold', 'make it loud now', 8, 13)).toBe('make it **[loud]** now');
    expect(run('italic', 'so calm\nnext', 2, 8)).toBe('so _[calm]_\nnext');
    expect(run('code', 'call fn now', 4, 7)).toBe('call `[fn]` now');
    expect(run('bold', 'a   b', 1, 4)).toBe('a   **[bold text]**b');
  });

  // `_` inside a word is no emphasis (snake_case stays as written); `*` is.
  it('makes part of a word italic with stars, and unwraps them again', () => {
    expect(run('italic', 'unbelievable', 2, 8)).toBe('un*[believ]*able');
    expect(run('italic', 'un*believ*able', 3, 9)).toBe('un[believ]able');
    expect(run('italic', 'so *calm* now', 4, 8)).toBe('so [calm] now');
    expect(run('italic', 'so **calm** now', 5, 9)).toBe('so **_[calm]_** now');
  });

  it('makes a link of the selection and selects the address to type over', () => {
    expect(run('link', 'see docs', 4, 8)).toBe('see [docs]([https://])');
    expect(run('link', '', 0)).toBe('[[link text]](https://)');
  });

  // Selecting an address and asking for a link meant that address: it is not made the words and
  // asked for again.
  it('makes a selected address the link’s target and selects its words to type over', () => {
    expect(run('link', 'see https://example.com/a?b=1 now', 4, 29)).toBe('see [[link text]](https://example.com/a?b=1) now');
    expect(run('link', 'at http://x.org ', 3, 16)).toBe('at [[link text]](http://x.org) ');
  });

  it('puts a code block on lines of its own', () => {
    expect(run('codeBlock', 'before', 6)).toBe('before\n```\n[]\n```');
    expect(run('codeBlock', 'a\nlet x = 1\nb', 2, 11)).toBe('a\n```\n[let x = 1]\n```\nb');
  });
});

describe('code blocks and Tab', () => {
  const text = 'intro\n```ts\nconst a = 1;\n```\nafter';

  it('knows whether a position is inside a fenced block', () => {
    expect(isInCodeBlock(text, text.indexOf('intro'))).toBe(false);
    expect(isInCodeBlock(text, text.indexOf('const'))).toBe(true);
    expect(isInCodeBlock(text, text.indexOf('after'))).toBe(false);
    expect(isInCodeBlock('```\nopen block', 8)).toBe(true);
    expect(isInCodeBlock('~~~\n```\nstill inside', 12)).toBe(true);
  });

  it('indents at the caret, and indents or outdents every selected line', () => {
    const at = text.indexOf('const');
    expect(show(text, indentEdit(text, { start: at, end: at }, false))).toBe('intro\n```ts\n  []const a = 1;\n```\nafter');
    const lines = 'a\nb\nc';
    expect(show(lines, indentEdit(lines, { start: 0, end: 3 }, false))).toBe('  [a\n  b]\nc');
    expect(show('  a\n b', indentEdit('  a\n b', { start: 2, end: 6 }, true))).toBe('[a\nb]');
    expect(indentEdit('a', { start: 1, end: 1 }, true)).toBeNull();
  });
});

describe('uploaded images', () => {
  it('names an image for its file, its Markdown brackets escaped', () => {
    expect(imageMarkdown('/api/images/a1', 'shot.png')).toBe('![shot](/api/images/a1)');
    expect(imageMarkdown('/api/images/a1', 'my  [best] shot.final.jpeg')).toBe('![my \\[best\\] shot.final](/api/images/a1)');
    expect(imageMarkdown('/api/images/a1', '.png')).toBe('![image](/api/images/a1)');
  });

  it('puts an image in a paragraph of its own', () => {
    expect(blockLead('', 0)).toBe('');
    expect(blockLead('  \n', 3)).toBe('');
    expect(blockLead('Look:', 5)).toBe('\n\n');
    expect(blockLead('Look:\n', 6)).toBe('\n');
    expect(blockLead('Look:\n\nmore', 7)).toBe('');
  });
});
