import { ChangePasswordForm, EditProfileForm } from '#web/features/auth/components/account-settings.tsx';
import { SiteActivity } from '#web/features/admin/components/site-activity.tsx';
import { SiteTotals } from '#web/features/admin/components/site-totals.tsx';
import { AddTagForm } from '#web/features/tags/components/add-tag-form.tsx';
import { ManageTags } from '#web/features/tags/components/manage-tags.tsx';
import { AdminProfile } from '#web/features/users/components/admin-profile.tsx';
import { NotificationSettings } from '#web/features/notifications/components/notification-settings.tsx';
import { useViewer } from '#web/lib/auth.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { paths } from '#web/config/paths.ts';

export function AdminProfilePage() {
  useDocumentTitle(paths.dashboard.adminProfile.title);
  const { user } = useViewer();
  if (!user) return null;
  return (
    <div className="space-y-8">
      <AdminProfile viewer={user} />
      <SiteTotals />
      <SiteActivity />
      <AddTagForm />
      <ManageTags />
      {/* An administrator's account is theirs to keep up as a member's is (My Profile is for Clients). */}
      <div className="grid gap-6 lg:grid-cols-2">
        <EditProfileForm name={user.name} />
        <ChangePasswordForm email={user.email} />
      </div>
      {/* Administrators hear of comments on their posts too, and choose what is mailed. */}
      <NotificationSettings />
    </div>
  );
}
