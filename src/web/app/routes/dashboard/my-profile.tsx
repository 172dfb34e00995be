import type { ReactNode } from 'react';
import { ChangePasswordForm, EditProfileForm } from '#web/features/auth/components/account-settings.tsx';
import { NotificationSettings } from '#web/features/notifications/components/notification-settings.tsx';
import { useMemberPosts } from '#web/features/posts/api/get-member-posts.ts';
import { MemberPostCards } from '#web/features/posts/components/member-post-cards.tsx';
import { MemberProfile } from '#web/features/users/components/member-profile.tsx';
import { useViewer } from '#web/lib/auth.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { paths } from '#web/config/paths.ts';

export function MyProfilePage() {
  useDocumentTitle(paths.dashboard.myProfile.title);
  const { user } = useViewer();
  if (!user) return null;
  return (
    <div className="space-y-8">
      <MemberProfile viewer={user} />
      <MemberPostCards email={user.email} />
      <AfterThePosts email={user.email}>
        <div className="grid gap-6 lg:grid-cols-2">
          <EditProfileForm name={user.name} />
          <ChangePasswordForm email={user.email} />
        </div>
        <NotificationSettings />
      </AfterThePosts>
    </div>
  );
}

/**
 * What follows the member's posts comes with them: how many there are (none, or up to ten)
 * decides where it stands, so shown while they load it would move when they come.
 */
function AfterThePosts({ email, children }: { email: string; children: ReactNode }) {
  const posts = useMemberPosts(email);
  return posts.isPending ? null : children;
}
