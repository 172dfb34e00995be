// The one form wrapper: react-hook-form driven by the same zod schema the server uses
// (DESIGN.md "Forms"), its labelled input (field.tsx) and the form-level alert.
import { useState, type ComponentProps, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type FieldValues,
  type SubmitErrorHandler,
  type UseFormProps,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import type { ZodType } from 'zod';
import { useOneAtATime } from '#web/lib/use-one-at-a-time.ts';
import { cn } from '#web/utils/cn.ts';
import { controlClasses, Field, type FieldProps } from './field.tsx';
import { EyeIcon, EyeOffIcon } from './icons.tsx';

interface FormProps<TInput extends FieldValues, TOutput> extends Omit<ComponentProps<'form'>, 'onSubmit' | 'onInvalid' | 'children'> {
  schema: ZodType<TOutput, TInput>;
  /**
   * Gets the form too, so a refusal from the server can be shown on its field (setError).
   * A promise it answers (e.g. `mutateAsync`) holds the form: a second submit (a double click,
   * Enter pressed twice) before it settles is ignored. Its rejection is the mutation's error,
   * which the form shows from the mutation's state.
   */
  onSubmit: (values: TOutput, form: UseFormReturn<TInput, unknown, TOutput>) => unknown;
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
  const once = useOneAtATime();
  const submit = methods.handleSubmit((values) => onSubmit(values, methods), onInvalid);
  return (
    <form
      noValidate
      className={cn('space-y-5', className)}
      onSubmit={(event) => {
        event.preventDefault();
        once(() => submit(event));
      }}
      {...props}
    >
      {children(methods)}
    </form>
  );
}

type InputProps = Omit<ComponentProps<'input'>, keyof UseFormRegisterReturn> & FieldProps;

const textControlClasses = 'bg-surface px-3 py-2 read-only:bg-canvas';
const fileControlClasses =
  'bg-surface px-2 py-1.5 text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 ' +
  'file:font-medium file:text-brand-700 hover:file:bg-brand-100';

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

/**
 * A labelled password input with a "Show password" toggle (a pressed button), so a member can
 * check what they typed; it starts hidden.
 */
export function PasswordInput({ label, error, hint, registration, className, id, ...props }: Omit<InputProps, 'type'>) {
  const [shown, setShown] = useState(false);
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <div className="relative">
          <input
            {...control}
            type={shown ? 'text' : 'password'}
            className={cn(controlClasses, textControlClasses, 'pr-11')}
            {...props}
            {...registration}
          />
          <button
            type="button"
            aria-label="Show password"
            aria-pressed={shown}
            onClick={() => setShown((value) => !value)}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-muted hover:text-ink"
          >
            {shown ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
          </button>
        </div>
      )}
    </Field>
  );
}

/** A form-level note that is not an error, announced politely. */
export function FormNotice({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p role="status" className={cn('rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-700', className)}>
      {children}
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
