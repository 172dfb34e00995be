import type { ReactNode } from 'react';
import { Avatar } from '#web/components/ui/avatar.tsx';
import type { User } from '#shared/schemas/user.ts';
import type { ViewerUser } from '#web/lib/auth.ts';
import { cn } from '#web/utils/cn.ts';

interface ProfileHeaderProps {
  user: Pick<User, 'name' | 'photo'> & { email?: string };
  /** The role or membership badge shown beside the name. */
  badge: ReactNode;
  /** Shown under the name instead of the email (a public profile has none). */
  subtitle?: ReactNode;
}

/** Photo, name and email (or another line) of a profile page. */
export function ProfileHeader({ user, badge, subtitle }: ProfileHeaderProps) {
  return (
    <section aria-labelledby="profile-name" className="card overflow-hidden">
      <div aria-hidden="true" className="h-24 bg-gradient-to-r from-brand-600 to-brand-400 sm:h-28" />
      <div className="flex flex-col items-center gap-4 px-5 pb-6 text-center sm:flex-row sm:items-end sm:text-left">
        <Avatar src={user.photo} alt={`Photo of ${user.name}`} className="-mt-12 size-24 ring-4 ring-surface sm:size-28" />
        <div className="min-w-0 flex-1 space-y-1">
          <h1 id="profile-name" className="text-2xl font-semibold tracking-tight">
            {user.name}
          </h1>
          <p className="text-muted">{subtitle ?? user.email}</p>
        </div>
        <div className="flex shrink-0 flex-wrap items-center justify-center gap-2">{badge}</div>
      </div>
    </section>
  );
}

/** The signed-in member as the session knows them: the header shown until their profile comes. */
export const headerFromSession = (viewer: ViewerUser): ProfileHeaderProps['user'] => ({
  name: viewer.name,
  email: viewer.email,
  photo: viewer.image,
});

/** Where the badge will stand while the profile loads (its role or membership is not in the session). */
export function BadgePlaceholder({ className }: { className: string }) {
  return (
    <span role="status" className={cn('inline-block animate-pulse rounded-full bg-line', className)}>
      <span className="sr-only">Loading your profile…</span>
    </span>
  );
}

export function ProfileError({ message }: { message: string }) {
  return (
    <div role="alert" className="card px-5 py-6 text-danger-700">
      Could not load your profile: {message}
    </div>
  );
}
