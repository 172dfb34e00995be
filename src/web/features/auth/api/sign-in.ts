// POST /api/auth/sign-in/email through Better Auth; on success the session is reloaded.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInForm } from '#shared/schemas/auth.ts';
import { NETWORK_ERROR_MESSAGE } from '#web/lib/api-client.ts';
import { authClient, authErrorMessage } from '#web/lib/auth-client.ts';
import { refreshSession } from '#web/lib/auth.ts';

export async function signInWithEmail({ email, password }: SignInForm): Promise<void> {
  let result: Awaited<ReturnType<typeof authClient.signIn.email>>;
  try {
    result = await authClient.signIn.email({ email, password });
  } catch {
    throw new Error(NETWORK_ERROR_MESSAGE);
  }
  if (result.error) throw new Error(authErrorMessage(result.error, 'Sign in failed. Please try again.'));
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithEmail,
    onSuccess: () => refreshSession(queryClient),
  });
}
