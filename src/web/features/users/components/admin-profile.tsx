// Admin Profile: photo, name, email and the "Admin" badge.
import type { ViewerUser } from '#web/lib/auth.ts';
import { useUser } from '../api/get-user.ts';
import { BadgePlaceholder, headerFromSession, ProfileError, ProfileHeader } from './profile-header.tsx';

/** `viewer` is the signed-in admin as the session knows them: shown until the profile comes. */
export function AdminProfile({ viewer }: { viewer: ViewerUser }) {
  const { data: user, error } = useUser(viewer.email);
  if (error) return <ProfileError message={error.message} />;
  return (
    <div className="space-y-6">
      <ProfileHeader
        user={user ?? headerFromSession(viewer)}
        badge={
          user ? (
            <span className="inline-flex items-center rounded-full bg-brand-600 px-4 py-1.5 text-sm font-semibold text-white">Admin</span>
          ) : (
            <BadgePlaceholder className="h-8 w-20" />
          )
        }
      />
    </div>
  );
}
