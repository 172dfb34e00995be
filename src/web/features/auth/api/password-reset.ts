// "Forgot password?" through Better Auth: POST /api/auth/request-password-reset (the same
// answer whether or not the email is known) and POST /api/auth/reset-password with the
// mailed link's token (it ends every session of that member).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ForgotPasswordForm, ResetPasswordForm } from '#shared/schemas/auth.ts';
import { PASSWORD_TOAST_MESSAGE } from '#shared/schemas/user.ts';
import { paths } from '#web/config/paths.ts';
import { apiUrl, NETWORK_ERROR_MESSAGE } from '#web/lib/api-client.ts';
import { authClient, authErrorMessage } from '#web/lib/auth-client.ts';
import { clearViewerData, refreshSession } from '#web/lib/auth.ts';

/** The link was spent, is over an hour old, or was never one: a new one must be asked for. */
export class ResetLinkInvalidError extends Error {}

type AuthError = { status: number; message?: string | undefined; statusText: string };

async function authCall(
  call: () => Promise<{ error: AuthError | null }>,
  fallback: string,
  toError: (error: AuthError, message: string) => Error = (_error, message) => new Error(message),
): Promise<void> {
  let result: { error: AuthError | null };
  try {
    result = await call();
  } catch {
    throw new Error(NETWORK_ERROR_MESSAGE);
  }
  if (result.error) throw toError(result.error, authErrorMessage(result.error, fallback));
}

/**
 * A 400 from reset-password is either the password rule (the form checks it first) or the
 * token: spent, expired or unknown (Better Auth's INVALID_TOKEN; the one error shape carries
 * VALIDATION_FAILED for both).
 */
const resetError = (error: AuthError, message: string): Error =>
  error.status === 400 && message !== PASSWORD_TOAST_MESSAGE ? new ResetLinkInvalidError(message) : new Error(message);

export const requestPasswordReset = async ({ email }: ForgotPasswordForm): Promise<void> => {
  // A path: the server always mails a link to its own reset page on PUBLIC_URL.
  await authCall(
    () => authClient.requestPasswordReset({ email, redirectTo: paths.auth.resetPassword.getHref() }),
    'Could not send the link. Please try again.',
  );
};

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });

/**
 * Whether a mailed link's token still works, asked without spending it: Better Auth's
 * `GET /api/auth/reset-password/{token}` sends the browser on to the reset page with `?token=`
 * when it does and `?error=INVALID_TOKEN` when it is spent, expired or unknown. A link that
 * cannot be checked (the network) counts as usable: setting the password says the rest.
 */
export async function isResetLinkUsable(token: string): Promise<boolean> {
  const url = apiUrl(`/auth/reset-password/${encodeURIComponent(token)}`, { callbackURL: paths.auth.resetPassword.getHref() });
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    return !new URL(response.url).searchParams.has('error');
  } catch {
    return true;
  }
}

export const useResetLinkCheck = (token: string | null) =>
  useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => isResetLinkUsable(token ?? ''),
    enabled: token !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export const resetPassword = async ({ newPassword, token }: ResetPasswordForm & { token: string }): Promise<void> => {
  await authCall(() => authClient.resetPassword({ newPassword, token }), 'Could not set your password. Please try again.', resetError);
};

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    // Every session of that member ended: this browser's too if it was theirs. It may not be (a
    // member signed in here can follow the link of another account's mail), so ask.
    onSuccess: async () => {
      const viewer = await refreshSession(queryClient).catch(() => null);
      if (viewer === null) clearViewerData(queryClient);
    },
  });
}
