// The sticky bar above every page (SPEC.md §2 "Layout and navigation bar").
import { useCallback, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { BellIcon, CloseIcon, HomeIcon, InboxIcon, LogoMark, MenuIcon, StarIcon } from '#web/components/ui/icons.tsx';
import { dashboardHomeFor, paths } from '#web/config/paths.ts';
import { useRole, useSignOut, useViewer } from '#web/lib/auth.ts';
import { useCloseWhenLeft } from '#web/lib/use-close-when-left.ts';
import { useEscapeToClose } from '#web/lib/use-escape-to-close.ts';
import { cn } from '#web/utils/cn.ts';
import { AccountMenu } from './account-menu.tsx';
import { IconCount } from './icon-count.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { OfflineNotice } from './offline-notice.tsx';
import { TopBarSearch } from './top-bar-search.tsx';

interface TopBarProps {
  siteName: string;
  /** Total announcements; undefined until known. */
  announcementCount: number | undefined;
  /** The signed-in member's unread notifications; undefined until known (or signed out). */
  inboxCount?: number | undefined;
}

/** Without a display utility: each use says when it shows (`inline-flex`, `md:hidden`…). */
const iconLinkClasses =
  'relative size-10 items-center justify-center rounded-full text-ink hover:bg-ink/5 aria-[current=page]:text-brand-700';

/**
 * "Join Us", and what stands in for it until the session is known, are as wide as a member's
 * Inbox and Account (two size-10 icons and the bar's gap between them): the server renders the
 * bar signed out, and hydrating it for a member then moves nothing.
 */
const sessionSlotClasses = 'min-w-21 sm:min-w-22';

export function TopBar({ siteName, announcementCount, inboxCount }: TopBarProps) {
  const viewer = useViewer();
  const role = useRole();
  const signOut = useSignOut();
  const { key: locationKey } = useLocation();
  // Small screens open one panel at a time (the menu or the search field). Any move (a link, a
  // search, back or forward) closes it: keyed to the page's path, it came back open when the
  // member came back to that page.
  const [panel, setPanel] = useState<'menu' | 'search' | null>(null);
  const [panelAt, setPanelAt] = useState(locationKey);
  if (panelAt !== locationKey) {
    setPanelAt(locationKey);
    setPanel(null);
  }
  const menuOpen = panel === 'menu';
  const searchOpen = panel === 'search';
  const menuId = useId();
  const countId = useId();
  const inboxCountId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuPanel = useRef<HTMLDivElement>(null);
  const closeMenu = useCallback(() => setPanel((current) => (current === 'menu' ? null : current)), []);
  useEscapeToClose(menuOpen, closeMenu, menuButton);
  // A press anywhere else closes it too, as the account menu does.
  useCloseWhenLeft(menuOpen, closeMenu, menuPanel, menuButton);
  const setSearchOpen = useCallback(
    (open: boolean) => setPanel((current) => (open ? 'search' : current === 'search' ? null : current)),
    [],
  );

  const bellDescription = announcementCount === 1 ? '1 announcement' : `${announcementCount} announcements`;
  const inboxDescription = inboxCount === 1 ? '1 unread notification' : `${inboxCount} unread notifications`;
  // A count that rises (a new announcement, a new notification) is said once, politely: a badge
  // changing is seen, not heard. The first counts known and a fall (a read) say nothing, and the
  // region holds only the latest rise, so a later fall does not read an old one again.
  const [heard, setHeard] = useState({ bell: announcementCount, inbox: inboxCount, news: '' });
  if (heard.bell !== announcementCount || heard.inbox !== inboxCount) {
    const rose = (was?: number, now?: number) => was !== undefined && now !== undefined && now > was;
    const news = [rose(heard.bell, announcementCount) && bellDescription, rose(heard.inbox, inboxCount) && inboxDescription];
    setHeard({ bell: announcementCount, inbox: inboxCount, news: news.filter(Boolean).join('. ') });
  }

  const dashboardHref = role.status === 'loading' ? paths.dashboard.root.getHref() : dashboardHomeFor(role.role);

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/80">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-3 sm:gap-2 sm:px-4">
        <button
          ref={menuButton}
          type="button"
          aria-label="Menu"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setPanel(menuOpen ? null : 'menu')}
          className={cn(iconLinkClasses, 'inline-flex md:hidden')}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        {/* Right after its button, so the menu's links come next in the tab order; it lies over the page below the bar. */}
        {menuOpen && (
          <div ref={menuPanel} id={menuId} className="absolute inset-x-0 top-full border-y border-line bg-surface shadow-md md:hidden">
            <ul className="mx-auto max-w-6xl space-y-1 px-3 py-3">
              <li>
                <NavLink
                  to={paths.home.getHref()}
                  end
                  className="flex items-center gap-3 rounded-lg px-3 py-2 font-medium hover:bg-ink/5 aria-[current=page]:text-brand-700"
                >
                  <HomeIcon className="size-5" />
                  Home
                </NavLink>
              </li>
              <li>
                <NavLink
                  to={paths.membership.getHref()}
                  className="flex items-center gap-3 rounded-lg px-3 py-2 font-medium hover:bg-ink/5 aria-[current=page]:text-brand-700"
                >
                  <StarIcon className="size-5" />
                  Membership
                </NavLink>
              </li>
            </ul>
          </div>
        )}
        {/* The brand leads home, as a forum's does; on a phone it is the bar's only way there. */}
        <Link to={paths.home.getHref()} aria-label={siteName} className="flex items-center gap-2 rounded-lg text-brand-600">
          <LogoMark />
          <span className="hidden text-lg font-semibold tracking-tight text-ink md:inline">{siteName}</span>
        </Link>

        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <TopBarSearch open={searchOpen} onOpenChange={setSearchOpen} iconButtonClassName={iconLinkClasses} />
          <NavLink to={paths.home.getHref()} end aria-label="Home" className={cn(iconLinkClasses, 'hidden md:inline-flex')}>
            <HomeIcon />
          </NavLink>
          <NavLink
            to={paths.membership.getHref()}
            className="hidden rounded-lg px-3 py-2 text-sm font-medium text-ink hover:bg-ink/5 aria-[current=page]:text-brand-700 md:inline-flex"
          >
            Membership
          </NavLink>
          <ThemeToggle />
          {/* The badge sits beside the link, not in it: the link's name stays "Notifications". */}
          <span className="relative inline-flex">
            <Link
              to={{ pathname: paths.home.getHref(), hash: '#announcements' }}
              aria-label="Notifications"
              aria-describedby={announcementCount === undefined ? undefined : countId}
              className={cn(iconLinkClasses, 'inline-flex')}
            >
              <BellIcon />
            </Link>
            {announcementCount !== undefined && (
              <IconCount id={countId} count={announcementCount} description={bellDescription} testId="notification-badge" tone="danger" />
            )}
          </span>
          {viewer.status === 'signed-in' && (
            <span className="relative inline-flex">
              <NavLink
                to={paths.notifications.getHref()}
                aria-label="Inbox"
                aria-describedby={inboxCount === undefined ? undefined : inboxCountId}
                className={cn(iconLinkClasses, 'inline-flex')}
              >
                <InboxIcon />
              </NavLink>
              {inboxCount !== undefined && (
                <IconCount id={inboxCountId} count={inboxCount} description={inboxDescription} testId="inbox-badge" tone="brand" hideZero />
              )}
            </span>
          )}

          {viewer.status === 'signed-in' ? (
            <AccountMenu
              user={viewer.user}
              dashboardHref={dashboardHref}
              onSignOut={() => void signOut({ message: 'Signed out successfully', type: 'warning' })}
            />
          ) : viewer.status === 'signed-out' ? (
            <Link to={paths.auth.signIn.getHref()} className={buttonClasses({ size: 'md', className: sessionSlotClasses })}>
              Join Us
            </Link>
          ) : (
            // Until the session is known (always, on a page the server rendered): the shape and
            // width of "Join Us", so nothing in the bar moves when the visitor turns out signed out.
            <span
              aria-hidden="true"
              className={buttonClasses({
                size: 'md',
                className: cn(sessionSlotClasses, 'animate-pulse border-transparent bg-line shadow-none'),
              })}
            >
              {/* Hidden, not transparent: it only lends its width (no text to read or to contrast). */}
              <span className="invisible">Join Us</span>
            </span>
          )}
        </div>
      </nav>
      <p role="status" className="sr-only">
        {heard.news}
      </p>
      <OfflineNotice />
    </header>
  );
}
