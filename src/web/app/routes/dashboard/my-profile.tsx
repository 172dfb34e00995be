import { MemberProfile } from '#web/features/users/components/member-profile.tsx';
import { useViewer } from '#web/lib/auth.ts';

export function MyProfilePage() {
  const { user } = useViewer();
  return user ? <MemberProfile email={user.email} /> : null;
}
