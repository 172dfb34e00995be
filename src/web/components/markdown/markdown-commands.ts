// The Markdown editor's edits as pure functions of the text and its selection, so they are
// tested without a browser. An edit replaces one range and says what to select afterwards;
// the editor applies it in a way the browser's undo remembers when it can.

export interface Selection {
  start: number;
  end: number;
}

export interface TextEdit {
  /** The range of the old text to replace. */
  from: number;
  to: number;
  insert: string;
  /** What is selected after the edit, in the new text. */
  select: Selection;
}

export type FormatCommand = 'bold' | 'italic' | 'link' | 'code' | 'codeBlock';

const INDENT = '  ';

/** The selection less the whitespace at either end (all of it: an empty selection at its end). */
function trimmed(text: string, { start, end }: Selection): Selection {
  const inner = text.slice(start, end);
  const lead = inner.length - inner.trimStart().length;
  if (lead === inner.length) return { start: end, end };
  return { start: start + lead, end: end - (inner.length - inner.trimEnd().length) };
}

/**
 * Wraps the selection in `mark` (or a placeholder, selected, when nothing is selected); unwraps it
 * when it is wrapped already, in `mark` or one of `alike` (another spelling of it). The spaces and
 * line breaks at either end stay outside: marks beside a space are not emphasis (`**loud **` shows
 * as typed), and a double-clicked word brings its space along in some browsers.
 */
function wrap(text: string, selection: Selection, mark: string, placeholder: string, alike: readonly string[] = []): TextEdit {
  const { start, end } = trimmed(text, selection);
  const around = [mark, ...alike].find(
    (m) =>
      start >= m.length &&
      text.slice(start - m.length, start) === m &&
      text.slice(end, end + m.length) === m &&
      // One star of a bold pair's two is not an italic one.
      !(m === '*' && (text[start - 2] === '*' || text[end + 1] === '*')),
  );
  if (around !== undefined) {
    const inner = text.slice(start, end);
    return {
      from: start - around.length,
      to: end + around.length,
      insert: inner,
      select: { start: start - around.length, end: end - around.length },
    };
  }
  const inner = start === end ? placeholder : text.slice(start, end);
  return {
    from: start,
    to: end,
    insert: `${mark}${inner}${mark}`,
    select: { start: start + mark.length, end: start + mark.length + inner.length },
  };
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** Italic in `_`, but in `*` inside a word: `_` there is no emphasis (snake_case stays as written). */
function italic(text: string, selection: Selection): TextEdit {
  const { start, end } = trimmed(text, selection);
  const insideWord = WORD_CHARACTER.test(text[start - 1] ?? '') || WORD_CHARACTER.test(text[end] ?? '');
  return insideWord ? wrap(text, selection, '*', 'italic text', ['_']) : wrap(text, selection, '_', 'italic text', ['*']);
}

const ADDRESS = /^https?:\/\/\S+$/i;

/**
 * `[text](url)`: the selection becomes the link's text and the url is selected to type over; a
 * selected address (its spaces left out) becomes the url, and the words are selected instead.
 */
function link(text: string, selection: Selection): TextEdit {
  const address = trimmed(text, selection);
  if (ADDRESS.test(text.slice(address.start, address.end))) {
    const insert = `[link text](${text.slice(address.start, address.end)})`;
    return {
      from: address.start,
      to: address.end,
      insert,
      select: { start: address.start + 1, end: address.start + 1 + 'link text'.length },
    };
  }
  const { start, end } = selection;
  const label = start === end ? 'link text' : text.slice(start, end);
  const insert = `[${label}](https://)`;
  if (start === end) return { from: start, to: end, insert, select: { start: start + 1, end: start + 1 + label.length } };
  const urlStart = start + label.length + 3;
  return { from: start, to: end, insert, select: { start: urlStart, end: urlStart + 'https://'.length } };
}

/** A fenced block on lines of its own around the selection; the caret lands inside it. */
function codeBlock(text: string, { start, end }: Selection): TextEdit {
  const inner = text.slice(start, end);
  const lead = start === 0 || text[start - 1] === '\n' ? '' : '\n';
  const trail = end === text.length || text[end] === '\n' ? '' : '\n';
  const open = `${lead}\`\`\`\n`;
  const insert = `${open}${inner}\n\`\`\`${trail}`;
  const innerStart = start + open.length;
  return { from: start, to: end, insert, select: { start: innerStart, end: innerStart + inner.length } };
}

export function formatEdit(command: FormatCommand, text: string, selection: Selection): TextEdit {
  switch (command) {
    case 'bold':
      return wrap(text, selection, '**', 'bold text');
    case 'italic':
      return italic(text, selection);
    case 'code':
      return wrap(text, selection, '`', 'code');
    case 'link':
      return link(text, selection);
    case 'codeBlock':
      return codeBlock(text, selection);
  }
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Whether `position` sits on a line inside a fenced code block (not on its fences). */
export function isInCodeBlock(text: string, position: number): boolean {
  const lineStart = text.lastIndexOf('\n', position - 1) + 1;
  let open: string | null = null;
  for (const line of text.slice(0, lineStart).split('\n')) {
    const fence = FENCE.exec(line)?.[1];
    if (!fence) continue;
    if (open === null) open = fence;
    // A fence closes only with the same character, at least as long, and nothing after it.
    else if (fence[0] === open[0] && fence.length >= open.length && line.trim() === fence) open = null;
  }
  if (open === null) return false;
  const lineEnd = text.indexOf('\n', position);
  const line = text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd);
  return !(FENCE.exec(line)?.[1]?.[0] === open[0] && line.trim().length >= open.length && /^[`~]+$/.test(line.trim()));
}

/**
 * Tab inside a code block: with no selection, two spaces at the caret; with a selection,
 * every selected line is indented (Shift+Tab: outdented by up to two spaces).
 */
export function indentEdit(text: string, { start, end }: Selection, outdent: boolean): TextEdit | null {
  if (start === end && !outdent)
    return { from: start, to: end, insert: INDENT, select: { start: start + INDENT.length, end: start + INDENT.length } };
  const from = text.lastIndexOf('\n', start - 1) + 1;
  // A selection that ends at the start of a line leaves that line alone.
  const last = end > start && text[end - 1] === '\n' ? end - 1 : end;
  const lineEnd = text.indexOf('\n', last);
  const to = lineEnd === -1 ? text.length : lineEnd;
  const lines = text.slice(from, to).split('\n');
  const changed = lines.map((line) => (outdent ? line.replace(/^ {1,2}/, '') : `${INDENT}${line}`));
  const removedFirst = lines[0]!.length - changed[0]!.length;
  const delta = changed.join('\n').length - (to - from);
  if (delta === 0) return null;
  const startShift = outdent ? -Math.min(removedFirst, start - from) : INDENT.length;
  return {
    from,
    to,
    insert: changed.join('\n'),
    select: { start: Math.max(from, start + startShift), end: start === end ? Math.max(from, start + startShift) : end + delta },
  };
}

/** The text after an edit (for applying it without the browser's editing commands). */
export const applyEdit = (text: string, edit: TextEdit): string => `${text.slice(0, edit.from)}${edit.insert}${text.slice(edit.to)}`;

/**
 * The Markdown that shows an uploaded image, its file's name (without the extension) as the
 * words a screen reader says and the writer can change: "shot.png" is `![shot](…)`.
 */
export function imageMarkdown(url: string, fileName: string): string {
  const alt = fileName
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\[\]]/g, '\\$&');
  return `![${alt || 'image'}](${url})`;
}

/**
 * What goes before a block inserted at `at` so it starts a paragraph of its own: nothing at the
 * start or after a blank line, else the line breaks that make one.
 */
export function blockLead(text: string, at: number): string {
  const before = text.slice(0, at);
  if (before.trim() === '' || before.endsWith('\n\n')) return '';
  return before.endsWith('\n') ? '\n' : '\n\n';
}
