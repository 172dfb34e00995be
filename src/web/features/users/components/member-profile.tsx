// My Profile (Client): photo, name, email, the membership badge image and label.
import { toMembership } from '#shared/constants.ts';
import type { ViewerUser } from '#web/lib/auth.ts';
import { useUser } from '../api/get-user.ts';
import { MembershipBadge, MembershipBadgePlaceholder } from './membership-badge.tsx';
import { headerFromSession, ProfileError, ProfileHeader } from './profile-header.tsx';

/** `viewer` is the signed-in member as the session knows them: shown until the profile comes. */
export function MemberProfile({ viewer }: { viewer: ViewerUser }) {
  const { data: user, error } = useUser(viewer.email);
  if (error) return <ProfileError message={error.message} />;

  return (
    <div className="space-y-6">
      <ProfileHeader
        user={user ?? headerFromSession(viewer)}
        badge={user ? <MembershipBadge level={toMembership(user.membership)} /> : <MembershipBadgePlaceholder />}
      />
    </div>
  );
}
