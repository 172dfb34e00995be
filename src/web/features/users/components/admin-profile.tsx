// Admin Profile: photo, name, email and the "Admin" badge.
import { PageLoader } from '#web/components/ui/spinner.tsx';
import { useUser } from '../api/get-user.ts';
import { ProfileError, ProfileHeader } from './profile-header.tsx';

export function AdminProfile({ email }: { email: string }) {
  const { data: user, error, isPending } = useUser(email);
  if (isPending) return <PageLoader label="Loading your profile…" />;
  if (error) return <ProfileError message={error.message} />;
  return (
    <div className="space-y-6">
      <ProfileHeader
        user={user}
        badge={
          <span className="inline-flex items-center rounded-full bg-brand-600 px-4 py-1.5 text-sm font-semibold text-white">Admin</span>
        }
      />
    </div>
  );
}
