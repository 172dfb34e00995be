import { Navigate } from 'react-router';
import { PageLoader } from '#web/components/ui/spinner.tsx';
import { dashboardHomeFor } from '#web/config/paths.ts';
import { useRole } from '#web/lib/auth.ts';

/** /dashboard itself opens the role's profile page. */
export function DashboardIndexPage() {
  const role = useRole();
  if (role.status === 'loading') return <PageLoader />;
  return <Navigate to={dashboardHomeFor(role.role)} replace />;
}
