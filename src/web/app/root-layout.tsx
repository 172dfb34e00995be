import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { NavigationProgress } from '#web/components/layout/navigation-progress.tsx';
import { TopBar } from '#web/components/layout/top-bar.tsx';
import { useAnnouncementCount } from '#web/features/announcements/api/get-announcements.ts';
import { useGoogleSignInWelcome } from '#web/features/auth/api/google-sign-in-welcome.ts';
import { useUnreadCount } from '#web/features/notifications/api/get-notifications.ts';
import { useViewer } from '#web/lib/auth.ts';
import { usePublicConfig } from '#web/lib/public-config.ts';
import { setPageTitle, useTitleCount } from '#web/lib/use-document-title.ts';
import { CanonicalLink } from './canonical-link.tsx';
import { useLiveUpdates } from './live-updates.ts';
import { RouteFocus } from './route-focus.tsx';
import { ScrollManager } from './scroll-manager.tsx';

export function RootLayout() {
  const { siteName } = usePublicConfig();
  const announcementCount = useAnnouncementCount();
  const signedIn = useViewer().status === 'signed-in';
  const inboxCount = useUnreadCount(signedIn);
  useGoogleSignInWelcome();
  useLiveUpdates();

  useEffect(() => void setPageTitle(siteName), [siteName]);
  useTitleCount(signedIn ? inboxCount.data : 0);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        // Shown below the top bar when focused, so it covers neither the logo nor the menu.
        className="sr-only rounded-lg border border-line bg-surface px-4 py-2 font-medium text-brand-700 shadow-card focus:not-sr-only focus:fixed focus:top-20 focus:left-3 focus:z-50"
      >
        Skip to content
      </a>
      <NavigationProgress />
      <TopBar siteName={siteName} announcementCount={announcementCount.data} inboxCount={signedIn ? inboxCount.data : undefined} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <ScrollManager />
      <RouteFocus />
      <CanonicalLink />
    </div>
  );
}
