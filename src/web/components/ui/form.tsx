// The one form wrapper: react-hook-form driven by the same zod schema the server uses
// (DESIGN.md "Forms"), and labelled fields whose errors are tied to their control.
import { useId, type ComponentProps, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type FieldError,
  type FieldValues,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormProps,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import type { ZodType } from 'zod';
import { cn } from '#web/utils/cn.ts';

interface FormProps<TInput extends FieldValues, TOutput>
  extends Omit<ComponentProps<'form'>, 'onSubmit' | 'onInvalid' | 'children'> {
  schema: ZodType<TOutput, TInput>;
  onSubmit: SubmitHandler<TOutput>;
  onInvalid?: SubmitErrorHandler<TInput>;
  options?: Omit<UseFormProps<TInput, unknown, TOutput>, 'resolver'>;
  children: (methods: UseFormReturn<TInput, unknown, TOutput>) => ReactNode;
}

export function Form<TInput extends FieldValues, TOutput>({
  schema,
  onSubmit,
  onInvalid,
  options,
  children,
  className,
  ...props
}: FormProps<TInput, TOutput>) {
  const methods = useForm<TInput, unknown, TOutput>({ ...options, resolver: zodResolver<TInput, unknown, TOutput>(schema) });
  return (
    <form
      noValidate
      className={cn('space-y-5', className)}
      onSubmit={methods.handleSubmit(onSubmit, onInvalid)}
      {...props}
    >
      {children(methods)}
    </form>
  );
}

/** Any react-hook-form error entry; only its message is shown. */
export type FieldErrorLike = Pick<FieldError, 'message'> | undefined;

export interface FieldProps {
  label: string;
  error?: FieldErrorLike;
  hint?: ReactNode;
  registration: UseFormRegisterReturn;
}

type InputProps = Omit<ComponentProps<'input'>, keyof UseFormRegisterReturn> & FieldProps;

/** The look every form control shares; each adds its own background and padding. */
export const controlClasses =
  'block w-full rounded-lg border border-line text-ink shadow-xs placeholder:text-muted/70 aria-invalid:border-danger-500';
const textControlClasses = 'bg-surface px-3 py-2 read-only:bg-canvas';
const fileControlClasses =
  'bg-surface px-2 py-1.5 text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 ' +
  'file:font-medium file:text-brand-700 hover:file:bg-brand-100';

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

/** A labelled input; its visible <label> is its accessible name. */
export function Input({ label, error, hint, registration, className, id, type = 'text', ...props }: InputProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <input
          {...control}
          type={type}
          className={cn(controlClasses, type === 'file' ? fileControlClasses : textControlClasses)}
          {...props}
          {...registration}
        />
      )}
    </Field>
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

/** A form-level message (e.g. the server's answer), in red and announced. */
export function FormAlert({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p role="alert" className={cn('rounded-lg border border-danger-200 bg-danger-50 px-3 py-2 text-sm text-danger-700', className)}>
      {children}
    </p>
  );
}
