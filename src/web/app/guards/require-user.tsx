import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '#web/components/ui/spinner.tsx';
import { paths, type RedirectState } from '#web/config/paths.ts';
import { signedOutAt, useViewer } from '#web/lib/auth.ts';

/** Signed-in only: visitors go to the sign-in page, the current path remembered. */
export function RequireUser() {
  const viewer = useViewer();
  const location = useLocation();
  // Signed in here before: a session now gone ended under the member (a 401 or 403 on an
  // authenticated call signed them out), and the sign-in page tells them so.
  const [wasSignedIn, setWasSignedIn] = useState(false);
  if (viewer.status === 'signed-in' && !wasSignedIn) setWasSignedIn(true);
  if (viewer.status === 'loading') return <PageLoader label="Checking your session…" />;
  if (viewer.status === 'signed-out') {
    // Signing out from this very page: the viewer is on the way home already.
    if (signedOutAt(location.key)) return <Navigate to={paths.home.getHref()} replace />;
    const state: RedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    if (wasSignedIn) state.sessionEnded = true;
    return <Navigate to={paths.auth.signIn.getHref()} replace state={state} />;
  }
  return <Outlet />;
}
