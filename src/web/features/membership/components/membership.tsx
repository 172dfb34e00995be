// SPEC.md §2 "Membership": the Gold card for a Gold member, otherwise the status, the
// benefits and the payment form. The payment's state lives here so the success message
// stays once the reloaded record turns the page Gold (SPEC.md §4).
import { toMembership } from '#shared/constants.ts';
import type { User } from '#shared/schemas/user.ts';
import { useGoldCheckout } from '../hooks/use-gold-checkout.ts';
import { BronzeMembership } from './bronze-membership.tsx';
import { GoldMemberCard } from './gold-member-card.tsx';

interface MembershipProps {
  /** The member's stored record (SPEC.md §1: anything not Gold is shown as Bronze). */
  user: Pick<User, 'name' | 'email' | 'membership'>;
  /** Reloads the member's record after the upgrade; resolves once it is reloaded. */
  onUpgraded: () => Promise<unknown>;
}

export function Membership({ user, onUpgraded }: MembershipProps) {
  const checkout = useGoldCheckout({ email: user.email, onUpgraded });
  // A payment left processing here went through once the record says Gold (only a succeeded one upgrades).
  const justPaid = checkout.state.status === 'success' || checkout.state.status === 'settling';
  if (toMembership(user.membership) === 'Gold') return <GoldMemberCard justPaid={justPaid} />;
  return <BronzeMembership user={user} checkout={checkout} />;
}
