// My Profile (Client): photo, name, email, the membership badge image and label.
import { toMembership } from '#shared/constants.ts';
import { PageLoader } from '#web/components/ui/spinner.tsx';
import { useUser } from '../api/get-user.ts';
import { MembershipBadge } from './membership-badge.tsx';
import { ProfileError, ProfileHeader } from './profile-header.tsx';

export function MemberProfile({ email }: { email: string }) {
  const { data: user, error, isPending } = useUser(email);
  if (isPending) return <PageLoader label="Loading your profile…" />;
  if (error) return <ProfileError message={error.message} />;

  return (
    <div className="space-y-6">
      <ProfileHeader user={user} badge={<MembershipBadge level={toMembership(user.membership)} />} />
    </div>
  );
}
