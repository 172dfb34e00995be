// A labelled Markdown field for react-hook-form ("Description", "Comment"): the label, hint
// and error of every field (ui/field.tsx) around the editor. The editor's code loads only
// when a form shows it; until then a plain textarea with the same value stands in.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import type { MarkdownKind } from '#shared/schemas/markdown.ts';
import { cn } from '#web/utils/cn.ts';
import { controlClasses, Field, type FieldErrorLike } from '../ui/field.tsx';
// The type only: the editor's code is loaded when a form shows it.
import type { MarkdownEditor as MarkdownEditorComponent } from './markdown-editor.tsx';

type Editor = typeof MarkdownEditorComponent;
let loaded: Editor | null = null;
let loading: Promise<Editor> | null = null;
/** The editor's code, loaded once. A failed load (offline, or a deploy that replaced it) is tried again when next asked for. */
const loadEditor = (): Promise<Editor> =>
  (loading ??= import('./markdown-editor.tsx').then(
    (module) => (loaded = module.MarkdownEditor),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  ));

/** Starts loading the editor ahead of a form that will need it (e.g. on hovering "Add Comment"). */
export const preloadMarkdownEditor = (): void => void loadEditor().catch(() => undefined);

/**
 * The editor once its code is here. Not a lazy component: a load that fails (the connection
 * dropped while the form was open) would throw to the page's error screen and take the text
 * being written with it. The stand-in stays instead, and the editor comes with the connection.
 */
function useEditor(): Editor | null {
  const [editor, setEditor] = useState<Editor | null>(() => loaded);
  useEffect(() => {
    if (editor) return;
    let mounted = true;
    const load = () =>
      void loadEditor().then(
        (found) => mounted && setEditor(() => found),
        () => undefined,
      );
    load();
    window.addEventListener('online', load);
    return () => {
      mounted = false;
      window.removeEventListener('online', load);
    };
  }, [editor]);
  return editor;
}

interface MarkdownFieldProps<T extends FieldValues, TOutput> {
  label: string;
  control: Control<T, unknown, TOutput>;
  name: FieldPathByValue<T, string>;
  /** Shown instead of the form's own error (e.g. the server's message for the field). */
  error?: FieldErrorLike;
  hint?: ReactNode;
  rows?: number;
  placeholder?: string;
  autoFocus?: boolean;
  className?: string;
  /** What the text is written for (a post's unless told): its preview shows it as that is stored. */
  kind?: MarkdownKind;
}

export function MarkdownField<T extends FieldValues, TOutput>({
  label,
  control,
  name,
  error,
  hint,
  rows = 6,
  placeholder,
  autoFocus,
  className,
  kind,
}: MarkdownFieldProps<T, TOutput>) {
  const { field, fieldState } = useController({ control, name });
  const focused = useRef(false);
  // Where the writer's caret was in the stand-in, so text typed while the editor loads stays in order.
  const caret = useRef<{ start: number; end: number } | null>(null);
  const keepCaret = (element: HTMLTextAreaElement) => (caret.current = { start: element.selectionStart, end: element.selectionEnd });
  const value = typeof field.value === 'string' ? field.value : '';
  const MarkdownEditor = useEditor();
  return (
    <Field label={label} hint={hint} error={error ?? fieldState.error} className={className}>
      {(attributes) =>
        MarkdownEditor === null ? (
          <textarea
            {...attributes}
            ref={field.ref}
            name={field.name}
            value={value}
            rows={rows}
            placeholder={placeholder}
            data-autofocus={autoFocus || undefined}
            className={cn(controlClasses, 'min-h-28 resize-y bg-surface px-3 py-2 font-mono text-sm')}
            onChange={(event) => {
              keepCaret(event.target);
              field.onChange(event.target.value);
            }}
            onSelect={(event) => keepCaret(event.currentTarget)}
            onFocus={() => (focused.current = true)}
            onBlur={() => {
              focused.current = false;
              field.onBlur();
            }}
          />
        ) : (
          <MarkdownEditor
            {...attributes}
            name={field.name}
            value={value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            textareaRef={field.ref}
            rows={rows}
            placeholder={placeholder}
            autoFocus={autoFocus}
            focusRef={focused}
            caretRef={caret}
            kind={kind}
          />
        )
      }
    </Field>
  );
}
