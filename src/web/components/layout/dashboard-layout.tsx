// /dashboard: a side menu by role (collapsible on small screens) and a Logout button
// around the dashboard pages (SPEC.md §2). A loader shows while the role loads.
import { useCallback, useId, useRef, useState, type ComponentType, type SVGProps } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import type { Role } from '#shared/constants.ts';
import { FlagIcon, ListIcon, LogoutIcon, MegaphoneIcon, PlusIcon, SidebarIcon, UserIcon, UsersIcon } from '#web/components/ui/icons.tsx';
import { PageLoader } from '#web/components/ui/spinner.tsx';
import { paths } from '#web/config/paths.ts';
import { useRole, useSignOut } from '#web/lib/auth.ts';
import { useEscapeToClose } from '#web/lib/use-escape-to-close.ts';
import { cn } from '#web/utils/cn.ts';

interface MenuItem {
  label: string;
  to: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

export const DASHBOARD_MENUS: Record<Role, MenuItem[]> = {
  Client: [
    { label: 'My Profile', to: paths.dashboard.myProfile.getHref(), icon: UserIcon },
    { label: 'Add Post', to: paths.dashboard.addPost.getHref(), icon: PlusIcon },
    { label: 'My Post', to: paths.dashboard.myPost.getHref(), icon: ListIcon },
  ],
  Admin: [
    { label: 'Admin Profile', to: paths.dashboard.adminProfile.getHref(), icon: UserIcon },
    { label: 'Manage Users', to: paths.dashboard.manageUsers.getHref(), icon: UsersIcon },
    { label: 'Reported Comment', to: paths.dashboard.reportedComment.getHref(), icon: FlagIcon },
    { label: 'Make Announcement', to: paths.dashboard.makeAnnouncement.getHref(), icon: MegaphoneIcon },
  ],
};

const menuItemClasses = 'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium';

export function DashboardLayout() {
  const role = useRole();
  const signOut = useSignOut();
  const { pathname } = useLocation();
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === pathname;
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  useEscapeToClose(
    menuOpen,
    useCallback(() => setMenuOpenAt(null), []),
    menuButton,
  );

  if (role.status === 'loading') return <PageLoader label="Loading your dashboard…" />;

  const items = role.role ? DASHBOARD_MENUS[role.role] : [];

  return (
    <div className="mx-auto max-w-6xl px-3 py-4 sm:px-4 md:flex md:gap-6 md:py-8">
      <aside className="mb-4 shrink-0 md:mb-0 md:w-60">
        <button
          ref={menuButton}
          type="button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpenAt(menuOpen ? null : pathname)}
          className="card flex w-full items-center gap-2 px-4 py-3 text-sm font-medium md:hidden"
        >
          <SidebarIcon className="size-5" />
          Dashboard menu
        </button>
        <div id={menuId} className={cn('card mt-2 p-3 md:sticky md:top-24 md:mt-0 md:block', !menuOpen && 'hidden')}>
          <nav aria-label="Dashboard">
            {items.length > 0 ? (
              <ul className="space-y-1">
                {items.map(({ label, to, icon: Icon }) => (
                  <li key={to}>
                    <NavLink
                      to={to}
                      className={({ isActive }) =>
                        cn(menuItemClasses, isActive ? 'bg-brand-50 text-brand-700' : 'text-ink hover:bg-canvas')
                      }
                    >
                      <Icon className="size-5" />
                      {label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="px-3 py-2 text-sm text-muted">Your role could not be loaded. Reload the page to try again.</p>
            )}
          </nav>
          <div className="mt-3 border-t border-line pt-3">
            <button
              type="button"
              className={cn(menuItemClasses, 'w-full text-danger-700 hover:bg-danger-50')}
              onClick={() => void signOut({ message: 'Sign Out Successfully', type: 'success' })}
            >
              <LogoutIcon className="size-5" />
              Logout
            </button>
          </div>
        </div>
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
