import { z } from 'zod';
import { EMAIL_MAX, MEMBERSHIPS, NAME_MAX, PASSWORD_MAX, ROLES } from '../constants.ts';
import { hasVisibleText, requiredText, singleLine } from './common.ts';

// SPEC.md §5: 6+ characters, lower, upper, digit and one of !@#$%^&*, nothing else.
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#$%^&*])[A-Za-z\d!@#$%^&*]{6,}$/;
export const PASSWORD_INLINE_MESSAGE = 'Password must be 6+ characters, include upper, lower, number, and special character.';
export const PASSWORD_TOAST_MESSAGE =
  'Password must be 6+ characters, include at least 1 number, 1 uppercase, 1 lowercase & 1 special character.';

/** The rule as the password fields state it beside the field (sign-up, My Profile, reset). */
export const PASSWORD_HINT = 'At least 6 characters, with an uppercase and a lowercase letter, a number and one of !@#$%^&*';

export function isValidPassword(password: string): boolean {
  return password.length <= PASSWORD_MAX && PASSWORD_PATTERN.test(password);
}

/** Shown under an Email field as well as answered by the server. */
export const EMAIL_TOO_LONG_MESSAGE = `Email must be at most ${EMAIL_MAX} characters`;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, EMAIL_TOO_LONG_MESSAGE)
  .pipe(z.email({ message: 'Enter a valid email address' }));

export const displayNameSchema = requiredText('Name is required').max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`);

/** The name of a member whose sign-in provider gave none that shows anything. */
export const UNNAMED_MEMBER = 'Member';

/**
 * A name a sign-in provider gives (a Google account's), held to the rule of ours: one line, at
 * most NAME_MAX characters (cut between characters, never inside one), something to see.
 */
export function displayNameFrom(given: unknown): string {
  let name = typeof given === 'string' ? singleLine(given) : '';
  if (name.length > NAME_MAX) {
    let cut = '';
    for (const character of name) {
      if (cut.length + character.length > NAME_MAX) break;
      cut += character;
    }
    name = cut.trimEnd();
  }
  return hasVisibleText(name) ? name : UNNAMED_MEMBER;
}

/** The longest photo address kept; an uploaded image's is far shorter, Google's too. */
export const PHOTO_URL_MAX = 2048;
export const PHOTO_URL_MESSAGE = 'The photo must be an image uploaded here or an https address.';
const OWN_IMAGE = /^\/api\/images\/[A-Za-z0-9_-]{1,64}$/;
/** A host (a port at most) and then no space, quote, angle bracket or backslash. */
const HTTPS_ADDRESS = /^https:\/\/[a-z0-9.-]+(?::\d{1,5})?(?:[/?#][^\s"'<>\\]*)?$/i;

/**
 * A member's photo: an image uploaded here (`/api/images/{id}`) or an https address (a Google
 * account's picture), the rule Markdown images follow (API.md). It is shown to everyone, so
 * no other scheme and no unbounded length.
 */
export function isPhotoUrl(value: string): boolean {
  if (value.length > PHOTO_URL_MAX) return false;
  return OWN_IMAGE.test(value) || HTTPS_ADDRESS.test(value);
}

export const photoUrlSchema = z.string().refine(isPhotoUrl, PHOTO_URL_MESSAGE);

export const roleSchema = z.enum(ROLES);
export const membershipSchema = z.enum(MEMBERSHIPS);

/** The stored user as API.md answers it on `users/{email}`. */
export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  photo: z.string().nullable(),
  membership: membershipSchema,
  role: roleSchema,
});
export type User = z.infer<typeof userSchema>;

export const userRoleSchema = z.object({ role: roleSchema });

/** `POST user-data`: the signed-in user's own profile; identity comes from the session. */
export const upsertUserDataInputSchema = z.object({
  name: displayNameSchema.optional(),
  email: emailSchema.optional(),
  image: photoUrlSchema.optional(),
});
export type UpsertUserDataInput = z.infer<typeof upsertUserDataInputSchema>;

export const emailParamsSchema = z.object({ email: emailSchema });
