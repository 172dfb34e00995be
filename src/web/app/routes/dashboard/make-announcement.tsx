import { PageHeader } from '#web/components/ui/page-header.tsx';
import { usePaginationParams } from '#web/components/ui/use-pagination-params.ts';
import { AnnouncementForm } from '#web/features/announcements/components/announcement-form.tsx';
import { ManageAnnouncements } from '#web/features/announcements/components/manage-announcements.tsx';
import { useViewer } from '#web/lib/auth.ts';
import { paths } from '#web/config/paths.ts';

export function MakeAnnouncementPage() {
  const { user } = useViewer();
  const pagination = usePaginationParams();
  return (
    <div className="space-y-6">
      <PageHeader
        title={paths.dashboard.makeAnnouncement.heading}
        documentTitle={paths.dashboard.makeAnnouncement.title}
        description="Publish an announcement to everyone on the home page and the bell."
      />
      {user && <AnnouncementForm author={{ name: user.name, email: user.email, image: user.image }} />}
      {user && <ManageAnnouncements pagination={pagination} />}
    </div>
  );
}
