import { z } from 'zod';
import { EMAIL_TOO_LONG_MESSAGE, PASSWORD_INLINE_MESSAGE, PASSWORD_PATTERN, displayNameSchema } from './user.ts';
import { EMAIL_MAX, PASSWORD_MAX, UPLOAD_MAX_BYTES, UPLOAD_TOO_LARGE_MESSAGE } from '../constants.ts';

/** Files as the platform picks them (the browser's FileList): shared code knows neither the DOM nor Node. */
export interface PickedFiles {
  readonly length: number;
  readonly [index: number]: { readonly size: number } | undefined;
}

/** A photo the upload would refuse for its size is refused before it is sent. */
const photoFits = (v: PickedFiles | null | undefined) => (v?.[0]?.size ?? 0) <= UPLOAD_MAX_BYTES;

/** The sign-up form of SPEC.md §2 and §5. */
export const signUpFormSchemaOf = <Files extends PickedFiles>() =>
  z.object({
    name: z.string().trim().min(1, 'Name is required').pipe(displayNameSchema),
    email: z
      .string()
      .trim()
      .min(1, 'Email is required')
      .max(EMAIL_MAX, EMAIL_TOO_LONG_MESSAGE)
      .pipe(z.email('Enter a valid email address')),
    photo: z
      .custom<Files | null | undefined>()
      .refine((v) => v != null && v.length > 0, 'Photo is required')
      .refine(photoFits, UPLOAD_TOO_LARGE_MESSAGE),
    password: z
      .string()
      .min(1, 'Password is required')
      .max(PASSWORD_MAX, PASSWORD_INLINE_MESSAGE)
      .regex(PASSWORD_PATTERN, PASSWORD_INLINE_MESSAGE),
  });
export type SignUpFormOf<Files extends PickedFiles> = z.infer<ReturnType<typeof signUpFormSchemaOf<Files>>>;

/** My Profile's "Edit profile": the sign-up name rule; a new photo is optional. */
export const profileFormSchemaOf = <Files extends PickedFiles>() =>
  z.object({
    name: z.string().trim().min(1, 'Name is required').pipe(displayNameSchema),
    photo: z.custom<Files | null | undefined>().optional().refine(photoFits, UPLOAD_TOO_LARGE_MESSAGE),
  });
export type ProfileFormOf<Files extends PickedFiles> = z.infer<ReturnType<typeof profileFormSchemaOf<Files>>>;

/** My Profile's "Change password": the new one follows the sign-up rule. */
export const changePasswordFormSchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_MAX),
  newPassword: z
    .string()
    .min(1, 'New password is required')
    .max(PASSWORD_MAX, PASSWORD_INLINE_MESSAGE)
    .regex(PASSWORD_PATTERN, PASSWORD_INLINE_MESSAGE),
});
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

export const signInFormSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Enter a valid email address')),
  password: z.string().min(1, 'Password is required'),
});
export type SignInForm = z.infer<typeof signInFormSchema>;

/** "Forgot password?": the address to send a reset link to. */
export const forgotPasswordFormSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').max(EMAIL_MAX, EMAIL_TOO_LONG_MESSAGE).pipe(z.email('Enter a valid email address')),
});
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;

/** The reset link's page: the new password follows the sign-up rule (the server checks it too). */
export const resetPasswordFormSchema = z.object({
  newPassword: z
    .string()
    .min(1, 'New password is required')
    .max(PASSWORD_MAX, PASSWORD_INLINE_MESSAGE)
    .regex(PASSWORD_PATTERN, PASSWORD_INLINE_MESSAGE),
});
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
