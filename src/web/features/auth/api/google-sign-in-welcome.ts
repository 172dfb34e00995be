// SPEC.md §2: after a successful Google sign-in, "Account Created Successfully!".
// Kept apart from sign-in-with-google.ts so the app shell does not load the auth client.
import { useEffect } from 'react';
import { useViewer } from '#web/lib/auth.ts';
import { toast } from '#web/lib/toast.tsx';

/** Set while the browser is away at Google, so the return can be welcomed. */
export const GOOGLE_PENDING_KEY = 'code-commons:google-sign-in';

export function useGoogleSignInWelcome(): void {
  const { status } = useViewer();
  useEffect(() => {
    if (status === 'loading' || window.sessionStorage.getItem(GOOGLE_PENDING_KEY) === null) return;
    window.sessionStorage.removeItem(GOOGLE_PENDING_KEY);
    if (status === 'signed-in') toast.success('Account Created Successfully!');
  }, [status]);
}
