// My Profile (Client): photo, name, email, the membership badge image and label.
import { toMembership } from '#shared/constants.ts';
import { PageLoader } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/utils/cn.ts';
import { useUser } from '../api/get-user.ts';
import { ProfileError, ProfileHeader } from './profile-header.tsx';

export function MemberProfile({ email }: { email: string }) {
  const { data: user, error, isPending } = useUser(email);
  if (isPending) return <PageLoader label="Loading your profile…" />;
  if (error) return <ProfileError message={error.message} />;

  const level = toMembership(user.membership);
  const isGold = level === 'Gold';
  return (
    <div className="space-y-6">
      <ProfileHeader
        user={user}
        badge={
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
        }
      />
    </div>
  );
}
