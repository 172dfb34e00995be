// The one form wrapper: react-hook-form driven by the same zod schema the server uses
// (DESIGN.md "Forms"), its labelled input (field.tsx) and the form-level alert.
import type { ComponentProps, ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type FieldValues,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormProps,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import type { ZodType } from 'zod';
import { cn } from '#web/utils/cn.ts';
import { controlClasses, Field, type FieldProps } from './field.tsx';

interface FormProps<TInput extends FieldValues, TOutput> extends Omit<ComponentProps<'form'>, 'onSubmit' | 'onInvalid' | 'children'> {
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
    <form noValidate className={cn('space-y-5', className)} onSubmit={methods.handleSubmit(onSubmit, onInvalid)} {...props}>
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

/** A form-level message (e.g. the server's answer), in red and announced. */
export function FormAlert({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p role="alert" className={cn('rounded-lg border border-danger-200 bg-danger-50 px-3 py-2 text-sm text-danger-700', className)}>
      {children}
    </p>
  );
}
