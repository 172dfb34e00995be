// The Bronze or Gold membership badge: the badge image and its label.
import type { Membership } from '#shared/constants.ts';
import { cn } from '#web/utils/cn.ts';

export function MembershipBadge({ level }: { level: Membership }) {
  const isGold = level === 'Gold';
  return (
    <div
      className={cn(
        'flex items-center gap-2 rounded-full py-1 pr-4 pl-1',
        isGold ? 'bg-gold-100 text-gold-800' : 'bg-bronze-100 text-bronze-800',
      )}
    >
      <img src={isGold ? '/gold-badge.png' : '/bronze-badge.png'} alt="" width={40} height={40} className="size-10" />
      <span className="font-semibold">
        <span className="sr-only">Membership: </span>
        {level} Member
      </span>
    </div>
  );
}
