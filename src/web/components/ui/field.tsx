// A labelled field for any form control: its visible <label> is the control's accessible
// name, and its hint and error are tied to the control. No form library here, so a page
// with a plain control (the home search) does not load one.
import { useId, type ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '#web/utils/cn.ts';

/** Any react-hook-form error entry; only its message is shown. */
export type FieldErrorLike = Pick<FieldError, 'message'> | undefined;

export interface FieldProps {
  label: string;
  error?: FieldErrorLike;
  hint?: ReactNode;
  registration: UseFormRegisterReturn;
}

/** The look every form control shares; each adds its own background and padding. */
export const controlClasses =
  'block w-full rounded-lg border border-line text-ink shadow-xs placeholder:text-muted/70 aria-invalid:border-danger-500';

/** What a field gives its control: the id its label points at, and the ARIA tying hint and error to it. */
export interface ControlAttributes {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A labelled field: its visible <label> is the control's accessible name; hint and error follow it. */
export function Field({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id?: string;
  label: string;
  hint?: ReactNode;
  error?: FieldErrorLike;
  className?: string;
  children: (control: ControlAttributes) => ReactNode;
}) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error?.message ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={controlId} className="block text-sm font-medium text-ink">
        {label}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      <FieldErrorMessage id={errorId} error={error} />
    </div>
  );
}

export function FieldErrorMessage({ id, error }: { id: string; error?: FieldErrorLike }) {
  if (!error?.message) return null;
  return (
    <p id={id} className="text-sm text-danger-700">
      {error.message}
    </p>
  );
}
