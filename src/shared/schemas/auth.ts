import { z } from 'zod';
import { PASSWORD_INLINE_MESSAGE, PASSWORD_PATTERN, displayNameSchema } from './user.ts';
import { EMAIL_MAX, PASSWORD_MAX } from '../constants.ts';

/**
 * The sign-up form of SPEC.md §2 and §5. The photo is whatever list of files the platform
 * picks (the browser's FileList): shared code knows neither the DOM nor Node, and the rule
 * only needs its length.
 */
export const signUpFormSchemaOf = <Files extends { readonly length: number }>() =>
  z.object({
    name: z.string().trim().min(1, 'Name is required').pipe(displayNameSchema),
    email: z.string().trim().min(1, 'Email is required').max(EMAIL_MAX).pipe(z.email('Enter a valid email address')),
    photo: z.custom<Files | null | undefined>().refine((v) => v != null && v.length > 0, 'Photo is required'),
    password: z
      .string()
      .min(1, 'Password is required')
      .max(PASSWORD_MAX, PASSWORD_INLINE_MESSAGE)
      .regex(PASSWORD_PATTERN, PASSWORD_INLINE_MESSAGE),
  });
export type SignUpFormOf<Files extends { readonly length: number }> = z.infer<ReturnType<typeof signUpFormSchemaOf<Files>>>;

export const signInFormSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Enter a valid email address')),
  password: z.string().min(1, 'Password is required'),
});
export type SignInForm = z.infer<typeof signInFormSchema>;
