import { cn } from '#web/utils/cn.ts';
import { CheckCircleIcon } from './membership-icons.tsx';

interface BenefitListProps {
  items: readonly string[];
  /** Colour of the check marks. */
  tone: 'gold' | 'brand';
  className?: string;
}

/** A list of benefits, each after a check mark; the copy keeps SPEC.md's words, shown with a capital. */
export function BenefitList({ items, tone, className }: BenefitListProps) {
  return (
    <ul className={cn('space-y-3', className)}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-3">
          <CheckCircleIcon className={cn('mt-0.5 size-5 shrink-0', tone === 'gold' ? 'text-gold-800' : 'text-brand-600')} />
          <span className="first-letter:uppercase">{item}</span>
        </li>
      ))}
    </ul>
  );
}
