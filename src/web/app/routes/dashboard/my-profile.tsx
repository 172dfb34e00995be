import { ChangePasswordForm, EditProfileForm } from '#web/features/auth/components/account-settings.tsx';
import { NotificationSettings } from '#web/features/notifications/components/notification-settings.tsx';
import { MemberPostCards } from '#web/features/posts/components/member-post-cards.tsx';
import { MemberProfile } from '#web/features/users/components/member-profile.tsx';
import { useViewer } from '#web/lib/auth.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

export function MyProfilePage() {
  useDocumentTitle('My Profile');
  const { user } = useViewer();
  if (!user) return null;
  return (
    <div className="space-y-8">
      <MemberProfile viewer={user} />
      <MemberPostCards email={user.email} />
      <div className="grid gap-6 lg:grid-cols-2">
        <EditProfileForm name={user.name} />
        <ChangePasswordForm />
      </div>
      <NotificationSettings />
    </div>
  );
}
