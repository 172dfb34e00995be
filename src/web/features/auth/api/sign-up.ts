// The sign-up flow of SPEC.md §2 / API.md: create the account (signs in), upload the
// photo, set it as the profile image, store the member's profile record.
import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signUpFormSchemaOf, type SignUpFormOf } from '#shared/schemas/auth.ts';
import { NETWORK_ERROR_MESSAGE } from '#web/lib/api-client.ts';
import { authClient, authErrorMessage } from '#web/lib/auth-client.ts';
import { refreshSession } from '#web/lib/auth.ts';
import { refusedImageMessage, uploadImage } from '#web/lib/upload-image.ts';
import { saveUserData } from './save-user-data.ts';

/** A sign-up refused because of one field: the form shows it there as well as in the toast. */
export class SignUpFieldError extends Error {
  constructor(
    readonly field: 'email' | 'photo',
    message: string,
  ) {
    super(message);
  }
}

const EMAIL_TAKEN = new Set(['USER_ALREADY_EXISTS', 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL']);

async function authCall<T extends { error: { code?: string | undefined; message?: string | undefined; statusText: string } | null }>(
  call: () => Promise<T>,
  fallback: string,
): Promise<T> {
  let result: T;
  try {
    result = await call();
  } catch {
    throw new Error(NETWORK_ERROR_MESSAGE);
  }
  if (result.error) {
    const message = authErrorMessage(result.error, fallback);
    throw result.error.code && EMAIL_TAKEN.has(result.error.code) ? new SignUpFieldError('email', message) : new Error(message);
  }
  return result;
}

/** The form's schema with the browser's file list as the photo. */
export const signUpFormSchema = signUpFormSchemaOf<FileList | File[]>();
export type SignUpForm = SignUpFormOf<FileList | File[]>;

/**
 * The account a sign-up created, by its email as typed, kept for the next try: once it exists
 * (and the browser is signed in to it), a later step refused (the photo) is retried alone.
 */
export interface CreatedAccount {
  email: string | null;
}

export async function signUpWithPhoto(input: SignUpForm, created: CreatedAccount = { email: null }): Promise<void> {
  const photo = input.photo?.[0];
  if (!photo) throw new Error('Photo is required');
  const { name, email, password } = input;

  if (created.email !== email) {
    await authCall(() => authClient.signUp.email({ name, email, password }), 'Sign up failed. Please try again.');
    created.email = email;
  }
  let image: string;
  try {
    image = await uploadImage(photo);
  } catch (error) {
    const refused = refusedImageMessage(error);
    throw refused === null ? error : new SignUpFieldError('photo', refused);
  }
  await authCall(() => authClient.updateUser({ image }), 'Could not save your photo.');
  await saveUserData({ name, email, image });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  // Trying again after a refused photo must not create the account a second time ("User
  // already exists"): the member would be signed in but could never finish signing up.
  const created = useRef<CreatedAccount>({ email: null });
  return useMutation({
    mutationFn: (input: SignUpForm) => signUpWithPhoto(input, created.current),
    // The account exists as soon as the first step succeeded, so reload the session either way.
    onSettled: () => refreshSession(queryClient),
  });
}
