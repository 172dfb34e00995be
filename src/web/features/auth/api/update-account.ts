// My Profile's account edits through Better Auth: the name and photo (POST
// /api/auth/update-user, the photo uploaded first as at sign-up) and the password (POST
// /api/auth/change-password, signing every other session out).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileFormSchemaOf, type ChangePasswordForm, type ProfileFormOf } from '#shared/schemas/auth.ts';
import { announcementKeys } from '#web/features/announcements/api/query-keys.ts';
import { commentKeys } from '#web/features/comments/api/query-keys.ts';
import { leaderboardKeys } from '#web/features/leaderboard/api/query-keys.ts';
import { postKeys } from '#web/features/posts/api/query-keys.ts';
import { searchKeys } from '#web/features/search/api/query-keys.ts';
import { userKeys } from '#web/features/users/api/query-keys.ts';
import { NETWORK_ERROR_MESSAGE } from '#web/lib/api-client.ts';
import { authClient, authErrorMessage } from '#web/lib/auth-client.ts';
import { refreshSession } from '#web/lib/auth.ts';
import { uploadImage } from '#web/lib/upload-image.ts';

/** A password change refused because the current password is wrong: the form shows it on that field. */
export class WrongCurrentPasswordError extends Error {}

/** Whether a refusal names `field` among those refused (the server's `details`, see plugins/auth.ts). */
function refusesField(error: object, field: string): boolean {
  const details: unknown = 'details' in error ? error.details : undefined;
  return Array.isArray(details) && details.some((detail: unknown) => (detail as { path?: unknown } | null)?.path === field);
}

async function authCall(call: () => Promise<{ error: { message?: string | undefined; statusText: string } | null }>, fallback: string) {
  let result: Awaited<ReturnType<typeof call>>;
  try {
    result = await call();
  } catch {
    throw new Error(NETWORK_ERROR_MESSAGE);
  }
  if (!result.error) return;
  const message = authErrorMessage(result.error, fallback);
  throw refusesField(result.error, 'currentPassword') ? new WrongCurrentPasswordError(message) : new Error(message);
}

export const profileFormSchema = profileFormSchemaOf<FileList | File[]>();
export type ProfileForm = ProfileFormOf<FileList | File[]>;

export async function updateProfile({ name, photo }: ProfileForm): Promise<void> {
  const file = photo?.[0];
  const image = file ? await uploadImage(file) : undefined;
  await authCall(() => authClient.updateUser({ name, ...(image ? { image } : {}) }), 'Could not save your profile.');
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The name and photo show in the top bar, the profile and on every post and list: the
    // comments, search hits, the leaderboard (kept fresh a minute) and an admin's announcements.
    onSuccess: async () => {
      await refreshSession(queryClient);
      await Promise.all(
        [userKeys.all, postKeys.all, commentKeys.all, searchKeys.all, leaderboardKeys.all, announcementKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}

export const changePassword = ({ currentPassword, newPassword }: ChangePasswordForm): Promise<void> =>
  authCall(() => authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: true }), 'Could not change your password.');

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
