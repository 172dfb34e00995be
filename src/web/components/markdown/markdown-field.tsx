// A labelled Markdown field for react-hook-form ("Description", "Comment"): the label, hint
// and error of every field (ui/field.tsx) around the editor. The editor's code loads only
// when a form shows it; until then a plain textarea with the same value stands in.
import { useRef, type ReactNode } from 'react';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import type { MarkdownKind } from '#shared/schemas/markdown.ts';
import { codeOnDemand, preload, useCodeOnDemand } from '#web/lib/code-on-demand.ts';
import { cn } from '#web/utils/cn.ts';
import { controlClasses, Field, type FieldErrorLike } from '../ui/field.tsx';

const editorCode = codeOnDemand(() => import('./markdown-editor.tsx'));

/** Starts loading the editor ahead of a form that will need it (e.g. on hovering "Add Comment"). */
export const preloadMarkdownEditor = (): void => preload(editorCode);

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
  // Until its code is here, or while it cannot be fetched (offline), the stand-in keeps the text.
  const MarkdownEditor = useCodeOnDemand(editorCode)?.MarkdownEditor ?? null;
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
