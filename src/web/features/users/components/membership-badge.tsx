// The Bronze or Gold membership badge: the badge image and its label; and its placeholder, the
// same box, while the member's level loads (My Profile).
import type { ReactNode } from 'react';
import { MEMBERSHIPS, type Membership } from '#shared/constants.ts';
import { cn } from '#web/utils/cn.ts';

const frame = 'flex items-center gap-2 rounded-full py-1 pr-4 pl-1';

/**
 * The label, in a cell as wide as the widest level's label ("Bronze Member" or "Gold Member"),
 * whichever the font: the placeholder, which cannot know the level, is then exactly as wide as
 * the badge that replaces it, and the header does not move when it comes. Each level's label
 * takes its room as an invisible pseudo-element, which is no text of the page.
 */
function LabelRoom({ children }: { children?: ReactNode }) {
  return (
    <span className="grid font-semibold">
      {MEMBERSHIPS.map((level) => (
        <span
          key={level}
          aria-hidden="true"
          data-label={`${level} Member`}
          className="invisible col-start-1 row-start-1 before:content-[attr(data-label)]"
        />
      ))}
      {children !== undefined && <span className="col-start-1 row-start-1">{children}</span>}
    </span>
  );
}

export function MembershipBadge({ level }: { level: Membership }) {
  const isGold = level === 'Gold';
  return (
    <div className={cn(frame, isGold ? 'bg-gold-100 text-gold-800' : 'bg-bronze-100 text-bronze-800')}>
      <img src={isGold ? '/gold-badge.png' : '/bronze-badge.png'} alt="" width={40} height={40} className="size-10" />
      <LabelRoom>
        <span className="sr-only">Membership: </span>
        {level} Member
      </LabelRoom>
    </div>
  );
}

/** Where the badge will stand while the profile loads (the level is not in the session): its box, empty. */
export function MembershipBadgePlaceholder() {
  return (
    <div role="status" className={cn(frame, 'animate-pulse bg-line')}>
      <span aria-hidden="true" className="size-10" />
      <LabelRoom />
      <span className="sr-only">Loading your profile…</span>
    </div>
  );
}
