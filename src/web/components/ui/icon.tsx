// The base of every inline icon (24×24, stroke = currentColor). Decorative: the control
// around an icon names it.
import type { ComponentProps } from 'react';

export type IconProps = ComponentProps<'svg'>;

export function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}
