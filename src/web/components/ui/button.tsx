import type { ComponentProps } from 'react';
import { cn } from '#web/utils/cn.ts';
import { Spinner } from './spinner.tsx';

// Filled buttons carry a transparent border: in forced-colors mode (Windows high contrast)
// backgrounds are dropped and that border is drawn, so the button keeps its shape.
const VARIANTS = {
  primary:
    'border border-transparent bg-brand-600 text-white shadow-sm hover:bg-brand-700 active:bg-brand-800 dark:hover:bg-brand-300 dark:active:bg-brand-200',
  secondary: 'border border-line bg-surface text-ink shadow-sm hover:bg-canvas',
  ghost: 'text-ink hover:bg-ink/5',
  danger: 'border border-transparent bg-danger-600 text-white shadow-sm hover:bg-danger-700 dark:hover:bg-danger-200',
  /** Looks like a text link; ignores `size`. */
  link: 'font-medium text-brand-700 underline-offset-4 hover:underline',
} as const;

const SIZES = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-11 px-5 text-base',
  icon: 'size-10 p-0',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

interface VariantOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string | undefined;
}

/**
 * Button styling, also for links that look like buttons. `className` may add
 * placement or width (e.g. `w-full`, `mt-6`), not competing looks.
 */
export function buttonClasses({ variant = 'primary', size = 'md', className }: VariantOptions = {}): string {
  return cn(
    'inline-flex shrink-0 items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap transition-colors',
    'disabled:pointer-events-none disabled:opacity-55 aria-disabled:pointer-events-none aria-disabled:opacity-55',
    variant !== 'link' && SIZES[size],
    VARIANTS[variant],
    className,
  );
}

export interface ButtonProps extends ComponentProps<'button'>, VariantOptions {
  isLoading?: boolean;
}

/**
 * While loading the button is aria-disabled and ignores clicks, but is not `disabled`: a
 * disabled button loses the focus (Chromium drops it on the page), so a keyboard user would
 * start over from the top once the request settles.
 */
export function Button({
  variant,
  size,
  className,
  type = 'button',
  isLoading = false,
  disabled,
  onClick,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses({ variant, size, className })}
      disabled={disabled}
      aria-disabled={(isLoading && !disabled) || undefined}
      aria-busy={isLoading || undefined}
      onClick={isLoading ? (event) => event.preventDefault() : onClick}
      {...props}
    >
      {isLoading && <Spinner className="size-4" />}
      {children}
    </button>
  );
}
