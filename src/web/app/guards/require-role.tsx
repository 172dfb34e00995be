import { Navigate, Outlet } from 'react-router';
import type { Role } from '#shared/constants.ts';
import { PageLoader } from '#web/components/ui/spinner.tsx';
import { paths } from '#web/config/paths.ts';
import { useRole } from '#web/lib/auth.ts';

/** Renders its pages only for the given role; anyone else goes home (SPEC.md §2). */
export function RequireRole({ role }: { role: Role }) {
  const state = useRole();
  if (state.status === 'loading') return <PageLoader label="Checking your access…" />;
  if (state.role !== role) return <Navigate to={paths.home.getHref()} replace />;
  return <Outlet />;
}
