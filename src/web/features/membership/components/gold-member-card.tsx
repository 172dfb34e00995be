// SPEC.md §2 "Membership", Gold member: the card, its benefits and an inactive button.
import { useEffect, useRef } from 'react';
import { POST_LIMITS } from '#shared/constants.ts';
import { BenefitList } from './benefit-list.tsx';
import { CheckCircleIcon } from './membership-icons.tsx';
import { PaymentSuccessMessage } from './payment-success-message.tsx';

export const GOLD_MEMBER_BENEFITS = [
  `post unlimited content (more than ${POST_LIMITS.Bronze} posts)`,
  'access exclusive threads',
  'Gold member badge activated',
] as const;

export function GoldMemberCard({ justPaid }: { justPaid: boolean }) {
  // Paid just now: the card replaced the payment form, and the Pay button with it, which held the
  // focus. The heading takes it, unless the reader has put it somewhere meanwhile.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (justPaid && (active === null || active === document.body)) heading.current?.focus();
    // Only as the card appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-8 sm:py-12">
      {justPaid && <PaymentSuccessMessage />}
      <section aria-labelledby="gold-member-heading" className="card overflow-hidden">
        <div className="relative flex justify-center bg-gradient-to-b from-gold-100 to-surface px-6 pt-8 pb-2">
          <img src="/gold-badge.png" alt="" width={96} height={96} className="size-24 drop-shadow-md" />
        </div>
        <div className="px-5 pb-6 sm:px-8 sm:pb-8">
          <h1
            ref={heading}
            id="gold-member-heading"
            tabIndex={-1}
            className="text-center text-2xl font-bold tracking-tight text-balance sm:text-3xl"
          >
            You're a Gold Member!
          </h1>
          <p className="mt-2 text-center text-muted text-pretty">Thank you for supporting the community. Your benefits:</p>
          <BenefitList items={GOLD_MEMBER_BENEFITS} tone="gold" className="mx-auto mt-6 max-w-sm" />
          {/* An inactive button that reads as a status: gold rather than the faded look of disabled actions. */}
          <button
            type="button"
            disabled
            className="mt-8 inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg border border-gold-800/25 bg-gold-100 px-5 py-2 text-center leading-tight font-semibold text-gold-800"
          >
            <CheckCircleIcon className="size-5 shrink-0" />
            Gold Membership Active
          </button>
        </div>
      </section>
    </div>
  );
}
