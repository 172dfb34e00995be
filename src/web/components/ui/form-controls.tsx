// The textarea and select companions of form.tsx's Input: same look, a visible <label>
// as the accessible name, errors tied to the control.
import { useId, type ComponentProps, type ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '#web/utils/cn.ts';
import { FieldErrorMessage } from './form.tsx';

type FieldErrorLike = Pick<FieldError, 'message'> | undefined;

interface FieldProps {
  label: string;
  error?: FieldErrorLike;
  hint?: ReactNode;
  registration: UseFormRegisterReturn;
}

const controlClasses =
  'block w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink shadow-xs placeholder:text-muted/70 aria-invalid:border-danger-500';

function useFieldIds(id: string | undefined, hint: ReactNode, error: FieldErrorLike) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error?.message ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, describedBy };
}

type TextareaProps = Omit<ComponentProps<'textarea'>, keyof UseFormRegisterReturn> & FieldProps;

export function Textarea({ label, error, hint, registration, className, id, rows = 5, ...props }: TextareaProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={controlId} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <textarea
        id={controlId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(controlClasses, 'min-h-28 resize-y')}
        {...props}
        {...registration}
      />
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      <FieldErrorMessage id={errorId} error={error} />
    </div>
  );
}

type SelectProps = Omit<ComponentProps<'select'>, keyof UseFormRegisterReturn> &
  FieldProps & {
    /** The first, empty choice ("Pick a Tag"). */
    placeholder?: string;
    options: readonly { value: string; label: string }[];
  };

export function Select({ label, error, hint, registration, className, id, placeholder, options, ...props }: SelectProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={controlId} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <select
        id={controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(controlClasses, 'h-[2.6875rem] py-0')}
        {...props}
        {...registration}
      >
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      <FieldErrorMessage id={errorId} error={error} />
    </div>
  );
}

/** A read-only value shown as a disabled-looking field (author details of a form). */
export function ReadOnlyField({ label, value, type = 'text', className }: { label: string; value: string; type?: string; className?: string }) {
  const controlId = useId();
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={controlId} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <input id={controlId} type={type} value={value} readOnly className={cn(controlClasses, 'bg-canvas text-muted')} />
    </div>
  );
}
