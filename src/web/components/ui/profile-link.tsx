// A writer's photo or name: a link to their profile, or the same unlinked when there is none to
// open (a banned writer's posts and comments stay under their name; their profile does not).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { cn } from '#web/utils/cn.ts';

interface ProfileLinkProps {
  /** The member whose profile it opens (profileOf), or null for none. */
  memberId: string | null;
  children: ReactNode;
  /** Classes either way: placement, weight. */
  className?: string;
  /** Classes of the link only: hover, stacking above a card's own link. */
  linkClassName?: string;
  /** A second link to the same profile (the photo beside the name): left out of the tab order and the accessibility tree. */
  duplicate?: boolean;
}

export function ProfileLink({ memberId, children, className, linkClassName, duplicate = false }: ProfileLinkProps) {
  if (memberId === null) return <span className={className}>{children}</span>;
  return (
    <Link
      to={paths.member.getHref(memberId)}
      tabIndex={duplicate ? -1 : undefined}
      aria-hidden={duplicate || undefined}
      className={cn(className, linkClassName)}
    >
      {children}
    </Link>
  );
}
