import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { TOAST_AUTO_CLOSE_MS } from '#shared/constants.ts';
import { setUnauthorizedHandler } from '#web/lib/api-client.ts';
import { authKeys, clearViewerData, followSessionElsewhere, loadAuthClient } from '#web/lib/auth.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { useSessionElsewhere } from '#web/lib/session-channel.ts';
import { toast, Toaster } from '#web/lib/toast.tsx';

interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client; the app makes one. */
  queryClient?: QueryClient;
}

export function AppProvider({ children, queryClient: givenClient }: AppProviderProps) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient());

  // SPEC.md §4: a 401 or 403 on an authenticated call signs the viewer out; the guards
  // then send them to the sign-in page, remembering where they were.
  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        if (!queryClient.getQueryData(authKeys.session)) return;
        loadAuthClient()
          .then((authClient) => authClient.signOut())
          .catch((error: unknown) => console.warn('Sign-out request failed', error));
        clearViewerData(queryClient);
      }),
    [queryClient],
  );

  // A sign-in, sign-out or change of account in another tab of this browser shows here at once.
  useSessionElsewhere(useCallback(() => void followSessionElsewhere(queryClient), [queryClient]));

  useEffect(() => () => toast.dismiss(), []);

  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* SPEC.md §9: top-right, 5000 ms, pause on hover, Alt+T (react-toastify's defaults). */}
      <Toaster position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} pauseOnHover />
    </QueryClientProvider>
  );
}
