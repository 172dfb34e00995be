// "Forgot password?" through Better Auth: POST /api/auth/request-password-reset (the same
// answer whether or not the email is known) and POST /api/auth/reset-password with the
// mailed link's token (it ends every session of that member).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ForgotPasswordForm, ResetPasswordForm } from '#shared/schemas/auth.ts';
import { paths } from '#web/config/paths.ts';
import { NETWORK_ERROR_MESSAGE } from '#web/lib/api-client.ts';
import { authClient, authErrorMessage } from '#web/lib/auth-client.ts';
import { clearViewerData } from '#web/lib/auth.ts';

/** The link was spent, is over an hour old, or was never one: a new one must be asked for. */
export class ResetLinkInvalidError extends Error {}

type AuthResult = { error: { code?: string | undefined; message?: string | undefined; statusText: string } | null };

async function authCall<T extends AuthResult>(call: () => Promise<T>, fallback: string): Promise<T> {
  let result: T;
  try {
    result = await call();
  } catch {
    throw new Error(NETWORK_ERROR_MESSAGE);
  }
  if (result.error) {
    const message = authErrorMessage(result.error, fallback);
    throw result.error.code === 'INVALID_TOKEN' ? new ResetLinkInvalidError(message) : new Error(message);
  }
  return result;
}

export const requestPasswordReset = async ({ email }: ForgotPasswordForm): Promise<void> => {
  // A path: the server always mails a link to its own reset page on PUBLIC_URL.
  await authCall(
    () => authClient.requestPasswordReset({ email, redirectTo: paths.auth.resetPassword.getHref() }),
    'Could not send the link. Please try again.',
  );
};

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });

export const resetPassword = async ({ newPassword, token }: ResetPasswordForm & { token: string }): Promise<void> => {
  await authCall(() => authClient.resetPassword({ newPassword, token }), 'Could not set your password. Please try again.');
};

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    // Every session of the member ended, this browser's too if it was theirs.
    onSuccess: () => clearViewerData(queryClient),
  });
}
