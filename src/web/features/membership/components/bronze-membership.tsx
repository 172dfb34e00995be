// SPEC.md §2 "Membership", not Gold: the member's status, the Gold benefits, the price
// and the card payment form.
import { GOLD_PRICE_LABEL, POST_LIMITS } from '#shared/constants.ts';
import type { User } from '#shared/schemas/user.ts';
import type { GoldCheckout } from '../hooks/use-gold-checkout.ts';
import { BenefitList } from './benefit-list.tsx';
import { CardIcon, LockIcon } from './membership-icons.tsx';
import { PaymentPanel } from './payment-panel.tsx';

export const GOLD_BENEFITS = [
  'Gold Member Badge',
  `post more than ${POST_LIMITS.Bronze} posts per day`,
  'access to exclusive threads',
] as const;

interface BronzeMembershipProps {
  user: Pick<User, 'name' | 'email'>;
  checkout: GoldCheckout;
}

export function BronzeMembership({ user, checkout }: BronzeMembershipProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Membership Status</h1>
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <section aria-labelledby="membership-level" className="card overflow-hidden">
          <div className="flex items-center gap-4 bg-gradient-to-r from-bronze-100 to-surface px-5 py-5 sm:px-6">
            <img src="/bronze-badge.png" alt="" width={56} height={56} className="size-14 shrink-0" />
            <div className="min-w-0">
              <p id="membership-level" className="text-sm font-medium tracking-wide text-bronze-800 uppercase">
                Current level: Bronze
              </p>
              <p className="mt-0.5 text-lg font-semibold">You are currently a Bronze member.</p>
            </div>
          </div>
          <div className="px-5 py-5 sm:px-6 sm:py-6">
            <h2 className="font-semibold">Gold benefits</h2>
            <BenefitList items={GOLD_BENEFITS} tone="gold" className="mt-4" />
            <p className="mt-6 text-sm text-muted">
              Bronze members can write up to {POST_LIMITS.Bronze} posts. Gold is a one-time payment, not a subscription.
            </p>
          </div>
        </section>

        <section aria-labelledby="payment-heading" className="card px-5 py-5 sm:px-6 sm:py-6">
          <div className="flex items-center justify-between gap-3">
            <h2 id="payment-heading" className="flex items-center gap-2 font-semibold">
              <CardIcon className="size-5 shrink-0 text-brand-600" />
              Upgrade to Gold
            </h2>
            <p className="shrink-0 text-xl font-bold tracking-tight sm:text-2xl">
              {GOLD_PRICE_LABEL}
              <span className="ml-1 text-xs font-medium text-muted">USD</span>
            </p>
          </div>
          <p className="mt-1 text-sm text-muted">Pay {GOLD_PRICE_LABEL} to become a Gold Member.</p>
          <div className="mt-5">
            <PaymentPanel user={user} checkout={checkout} />
          </div>
          <p className="mt-5 flex items-center gap-2 text-xs text-muted">
            <LockIcon className="size-4 shrink-0" />
            Your card details are used for this payment only and never stored.
          </p>
        </section>
      </div>
    </div>
  );
}
