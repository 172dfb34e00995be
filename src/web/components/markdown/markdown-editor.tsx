// The one Markdown editor (DESIGN.md "The UI contract"): "Write" and "Preview" tabs, a
// small toolbar with its shortcuts, Tab indenting inside a code block, and images pasted
// or dropped into the text uploaded and inserted. The preview comes from the server's
// renderer; the browser never parses Markdown. Loaded lazily by markdown-field.tsx.
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefCallback, type RefObject } from 'react';
import { hasVisibleText, trimMarkdown } from '#shared/schemas/common.ts';
import type { MarkdownKind } from '#shared/schemas/markdown.ts';
import { PREVIEW_MAX, useMarkdownPreview } from '#web/lib/markdown-preview.ts';
import { useUploadImage } from '#web/lib/upload-image.ts';
import { cn } from '#web/utils/cn.ts';
import { controlClasses, type ControlAttributes } from '../ui/field.tsx';
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
import { MarkdownContent } from './markdown-content.tsx';
import { MarkdownTabs, type EditorTab } from './markdown-tabs.tsx';
import { MarkdownToolbar } from './markdown-toolbar.tsx';

export interface MarkdownEditorProps extends ControlAttributes {
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** react-hook-form's ref, so a failed validation focuses the text. */
  textareaRef?: RefCallback<HTMLTextAreaElement>;
  rows?: number;
  placeholder?: string | undefined;
  autoFocus?: boolean | undefined;
  /** Set while the plain textarea shown during loading had the focus: the editor takes it over. */
  focusRef?: RefObject<boolean>;
  /** Where the caret was in a stand-in the editor replaces (kept when it takes the focus over). */
  caretRef?: RefObject<{ start: number; end: number } | null>;
  /** What the text is written for: the preview renders it as that is stored (a post's unless told). */
  kind?: MarkdownKind | undefined;
}

const SHORTCUTS: Record<string, FormatCommand> = { b: 'bold', i: 'italic', k: 'link' };

const imagesOf = (files: FileList | null | undefined): File[] => Array.from(files ?? []).filter((file) => file.type.startsWith('image/'));

export function MarkdownEditor({
  id,
  name,
  value,
  onChange,
  onBlur,
  textareaRef,
  rows = 6,
  placeholder,
  autoFocus,
  focusRef,
  caretRef,
  kind = 'post',
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
}: MarkdownEditorProps) {
  const baseId = useId();
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const [tab, setTab] = useState<EditorTab>('write');
  const [dragging, setDragging] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const pendingSelection = useRef<TextEdit['select'] | null>(null);
  // Escape in a code block lets the next Tab move on, so the keyboard is never held in the field.
  const tabMovesOn = useRef(false);
  // The text as last written, ahead of React's next render (two uploads may finish at once).
  const latest = useRef(value);
  const preview = useMarkdownPreview(value, kind, tab === 'preview');
  const upload = useUploadImage();

  // A field that fails validation shows its text again (adjusting state while rendering).
  const [wasInvalid, setWasInvalid] = useState(invalid);
  if (invalid !== wasInvalid) {
    setWasInvalid(invalid);
    if (invalid) setTab('write');
  }

  const emit = (next: string) => {
    latest.current = next;
    onChange(next);
  };

  // An edit applied through onChange moves the selection once React has written the text.
  useLayoutEffect(() => {
    latest.current = value;
    const selection = pendingSelection.current;
    if (!selection || !textarea.current) return;
    pendingSelection.current = null;
    textarea.current.setSelectionRange(selection.start, selection.end);
  }, [value]);

  useLayoutEffect(() => {
    const element = textarea.current;
    if (!element || !(autoFocus || focusRef?.current)) return;
    element.focus();
    // Without a stand-in's caret, after the text: a browser puts it at the start, and the
    // first key of an edit would land before the comment being edited.
    const caret = caretRef?.current ?? { start: element.value.length, end: element.value.length };
    element.setSelectionRange(caret.start, caret.end);
    // Only when the editor appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Applies an edit; the browser's own insertText keeps it in the undo history where it exists. */
  const apply = (edit: TextEdit) => {
    const element = textarea.current;
    if (!element) return;
    const next = applyEdit(latest.current, edit);
    element.focus();
    element.setSelectionRange(edit.from, edit.to);
    const command = edit.insert === '' ? 'delete' : 'insertText';
    const native = typeof document.execCommand === 'function' && document.execCommand(command, false, edit.insert);
    if (native && element.value === next) {
      latest.current = next;
      element.setSelectionRange(edit.select.start, edit.select.end);
      return;
    }
    pendingSelection.current = edit.select;
    emit(next);
  };

  const format = (command: FormatCommand) => {
    const element = textarea.current;
    if (!element) return;
    apply(formatEdit(command, latest.current, { start: element.selectionStart, end: element.selectionEnd }));
  };

  /** Replaces an upload's placeholder wherever the text has moved it, keeping the writer's caret. */
  const replacePlaceholder = (placeholder: string, insert: string) => {
    const element = textarea.current;
    const current = latest.current;
    const at = current.indexOf(placeholder);
    if (at === -1) return;
    const delta = insert.length - placeholder.length;
    const shift = (position: number) => (position >= at + placeholder.length ? position + delta : Math.min(position, at + insert.length));
    if (element && document.activeElement === element) {
      pendingSelection.current = { start: shift(element.selectionStart), end: shift(element.selectionEnd) };
    }
    emit(applyEdit(current, { from: at, to: at + placeholder.length, insert, select: { start: 0, end: 0 } }));
  };

  const uploadImages = (files: File[]) => {
    const element = textarea.current;
    if (files.length === 0 || !element) return;
    setUploadError(null);
    // One placeholder line per image, inserted as one edit, in a paragraph of its own; each is
    // replaced by its image when uploaded. The first carries the line breaks put before them,
    // so a refused upload takes back all it added.
    const { selectionStart: start, selectionEnd: end } = element;
    const lead = blockLead(latest.current, start);
    const leadOf = (i: number) => (i === 0 ? lead : '');
    const placeholders = files.map((file, i) => `${leadOf(i)}![Uploading ${i + 1}: ${file.name}…]()`);
    const insert = `${placeholders.join('\n')}\n`;
    apply({ from: start, to: end, insert, select: { start: start + insert.length, end: start + insert.length } });
    files.forEach((file, i) => {
      const placeholder = placeholders[i]!;
      upload.mutateAsync(file).then(
        (url) => replacePlaceholder(placeholder, `${leadOf(i)}${imageMarkdown(url, file.name)}`),
        (error: unknown) => {
          // Its line goes with it.
          replacePlaceholder(latest.current.includes(`${placeholder}\n`) ? `${placeholder}\n` : placeholder, '');
          setUploadError(`Could not upload ${file.name}: ${error instanceof Error ? error.message : 'unknown error'}`);
        },
      );
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const element = event.currentTarget;
    const command = SHORTCUTS[event.key.toLowerCase()];
    if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && command) {
      event.preventDefault();
      format(command);
      return;
    }
    // Tab indents only inside a code block; anywhere else it moves on, as it does after Escape
    // there (WCAG's "no keyboard trap"). That Escape is the field's: it neither cancels an edit
    // nor closes a dialog, which a second Escape does.
    const inCodeBlock = isInCodeBlock(element.value, element.selectionStart);
    if (event.key === 'Escape' && inCodeBlock && !tabMovesOn.current && !event.nativeEvent.isComposing) {
      event.preventDefault();
      tabMovesOn.current = true;
      return;
    }
    if (event.key === 'Tab' && tabMovesOn.current) {
      tabMovesOn.current = false;
      return;
    }
    if (event.key !== 'Escape' && event.key !== 'Shift') tabMovesOn.current = false;
    if (event.key === 'Tab' && !event.ctrlKey && !event.metaKey && !event.altKey && inCodeBlock) {
      const edit = indentEdit(element.value, { start: element.selectionStart, end: element.selectionEnd }, event.shiftKey);
      event.preventDefault();
      if (edit) apply(edit);
    }
  };

  const writePanelId = `${baseId}-write`;
  const previewPanelId = `${baseId}-preview`;

  return (
    <div
      className={cn(
        controlClasses,
        'overflow-hidden bg-surface has-[textarea:focus-visible]:border-brand-400 has-[textarea:focus-visible]:ring-2 has-[textarea:focus-visible]:ring-brand-100',
        invalid && 'border-danger-500',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-2 border-b border-line bg-canvas px-1.5">
        <MarkdownTabs tab={tab} onChange={setTab} panelIds={{ write: writePanelId, preview: previewPanelId }} idBase={baseId} />
        {tab === 'write' && <MarkdownToolbar controls={id} onCommand={format} />}
      </div>

      <div role="tabpanel" id={writePanelId} aria-labelledby={`${baseId}-tab-write`} hidden={tab !== 'write'}>
        <textarea
          ref={(element) => {
            textarea.current = element;
            textareaRef?.(element);
          }}
          id={id}
          name={name}
          value={value}
          rows={rows}
          placeholder={placeholder}
          aria-invalid={invalid}
          aria-describedby={cn(describedBy, `${baseId}-help`) || undefined}
          data-autofocus={autoFocus || undefined}
          className={cn(
            'block min-h-28 w-full resize-y border-0 bg-transparent px-3 py-2 font-mono text-sm leading-relaxed text-ink',
            'placeholder:font-sans placeholder:text-muted/70 focus-visible:outline-none',
            dragging && 'bg-brand-50',
          )}
          onChange={(event) => emit(event.target.value)}
          onBlur={() => {
            tabMovesOn.current = false;
            onBlur();
          }}
          onKeyDown={onKeyDown}
          onPaste={(event) => {
            const images = imagesOf(event.clipboardData.files);
            if (images.length === 0) return;
            event.preventDefault();
            uploadImages(images);
          }}
          onDragOver={(event) => {
            if (!event.dataTransfer.types.includes('Files')) return;
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            setDragging(false);
            const images = imagesOf(event.dataTransfer.files);
            if (images.length === 0) return;
            event.preventDefault();
            uploadImages(images);
          }}
        />
        <p id={`${baseId}-help`} className="border-t border-line px-3 py-1.5 text-xs text-muted">
          Markdown: **bold**, _italic_, `code`, ``` for code blocks (Tab indents; Esc then Tab leaves). Paste or drop an image to add it.
        </p>
        {uploadError && (
          <p role="alert" className="border-t border-danger-200 bg-danger-50 px-3 py-1.5 text-xs text-danger-700">
            {uploadError}
          </p>
        )}
      </div>

      <div
        role="tabpanel"
        id={previewPanelId}
        aria-labelledby={`${baseId}-tab-preview`}
        hidden={tab !== 'preview'}
        tabIndex={0}
        aria-busy={preview.isFetching || undefined}
        className="min-h-28 px-3 py-2"
      >
        {tab === 'preview' && <PreviewBody markdown={value} kind={kind} preview={preview} />}
      </div>
    </div>
  );
}

function PreviewBody({
  markdown,
  kind,
  preview,
}: {
  markdown: string;
  kind: MarkdownKind;
  preview: ReturnType<typeof useMarkdownPreview>;
}) {
  if (!hasVisibleText(markdown)) return <p className="text-sm text-muted">Nothing to preview.</p>;
  const length = trimMarkdown(markdown).length;
  if (length > PREVIEW_MAX) {
    return (
      <p className="text-sm text-danger-700">
        The text is {length.toLocaleString('en-US')} characters, more than the {PREVIEW_MAX.toLocaleString('en-US')} a preview can show.
      </p>
    );
  }
  if (preview.isPending) return <p className="text-sm text-muted">Loading preview…</p>;
  if (preview.isError) return <p className="text-sm text-danger-700">Could not load the preview: {preview.error.message}</p>;
  return <MarkdownContent html={preview.data} kind={kind} />;
}
