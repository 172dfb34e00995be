import { Navigate } from 'react-router';
import { dashboardHomeFor } from '#shared/permissions.ts';
import { PageLoader } from '#web/components/ui/spinner.tsx';
import { useRole } from '#web/lib/auth.ts';

/** /dashboard itself opens the role's profile page. */
export function DashboardIndexPage() {
  const role = useRole();
  if (role.status === 'loading') return <PageLoader />;
  return <Navigate to={dashboardHomeFor(role.role)} replace />;
}
