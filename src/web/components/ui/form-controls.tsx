// The textarea and select companions of form.tsx's Input: same look, a visible <label>
// as the accessible name, errors tied to the control.
import type { ComponentProps } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '#web/utils/cn.ts';
import { controlClasses, Field, type FieldProps } from './field.tsx';

const boxClasses = cn(controlClasses, 'bg-surface px-3 py-2');

type TextareaProps = Omit<ComponentProps<'textarea'>, keyof UseFormRegisterReturn> & FieldProps;

export function Textarea({ label, error, hint, registration, className, id, rows = 5, ...props }: TextareaProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      {(control) => <textarea {...control} rows={rows} className={cn(boxClasses, 'min-h-28 resize-y')} {...props} {...registration} />}
    </Field>
  );
}

type SelectProps = Omit<ComponentProps<'select'>, keyof UseFormRegisterReturn> &
  FieldProps & {
    /** The first, empty choice ("Pick a Tag"). */
    placeholder?: string;
    options: readonly { value: string; label: string }[];
  };

export function Select({ label, error, hint, registration, className, id, placeholder, options, ...props }: SelectProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <select {...control} className={cn(boxClasses, 'h-[2.6875rem] py-0')} {...props} {...registration}>
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
      )}
    </Field>
  );
}

/** A read-only value shown as a disabled-looking field (author details of a form). */
export function ReadOnlyField({
  label,
  value,
  type = 'text',
  className,
}: {
  label: string;
  value: string;
  type?: string;
  className?: string;
}) {
  return (
    <Field label={label} className={className}>
      {({ id }) => <input id={id} type={type} value={value} readOnly className={cn(boxClasses, 'bg-canvas text-muted')} />}
    </Field>
  );
}
