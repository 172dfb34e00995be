import { AdminProfile } from '#web/features/users/components/admin-profile.tsx';
import { useViewer } from '#web/lib/auth.ts';

export function AdminProfilePage() {
  const { user } = useViewer();
  return user ? <AdminProfile email={user.email} /> : null;
}
