import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names (strings, arrays, `{ class: condition }` objects).
 *
 * It does not resolve conflicting Tailwind utilities: tailwind-merge alone would cost
 * about 8.5 KB gzip of the 120 KB first-view budget (DESIGN.md "Performance budgets").
 * So a component's `className` only adds classes that do not compete with its own
 * (margins, widths, placement); different looks are variant props of the component.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
