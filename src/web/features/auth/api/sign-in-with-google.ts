// POST /api/auth/sign-in/social { provider: 'google' }: Better Auth answers with the
// provider's URL and the client follows it; Google then returns to `returnTo`.
import { useMutation } from '@tanstack/react-query';
import { paths } from '#web/config/paths.ts';
import { NETWORK_ERROR_MESSAGE } from '#web/lib/api-client.ts';
import { authClient, authErrorMessage } from '#web/lib/auth-client.ts';
import { GOOGLE_PENDING_KEY as PENDING_KEY } from './google-sign-in-welcome.ts';

export async function signInWithGoogle(returnTo: string): Promise<void> {
  const origin = window.location.origin;
  window.sessionStorage.setItem(PENDING_KEY, '1');
  let result: Awaited<ReturnType<typeof authClient.signIn.social>>;
  try {
    result = await authClient.signIn.social({
      provider: 'google',
      callbackURL: `${origin}${returnTo}`,
      errorCallbackURL: `${origin}${paths.auth.signIn.getHref()}`,
    });
  } catch {
    window.sessionStorage.removeItem(PENDING_KEY);
    throw new Error(NETWORK_ERROR_MESSAGE);
  }
  if (result.error) {
    window.sessionStorage.removeItem(PENDING_KEY);
    throw new Error(authErrorMessage(result.error, 'Google sign-in failed. Please try again.'));
  }
}

export const useSignInWithGoogle = () => useMutation({ mutationFn: signInWithGoogle });
