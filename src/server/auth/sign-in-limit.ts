import { createHash } from 'node:crypto';
import { APIError } from 'better-auth/api';
import { emailSchema } from '#shared/schemas/user.ts';
import type { RateLimitStorage } from './rate-limit-storage.ts';

/**
 * Sign-in attempts one email may be the subject of, from every address together. The limit per
 * address (create-auth.ts) is no bound on guessing one member's password from many addresses
 * (an IPv6 /48 holds 65,536 /64s, each with its own budget); this one is. More than a member
 * mistyping or signing in on a few devices, far too few to guess a password.
 */
export const SIGN_IN_ATTEMPTS_PER_EMAIL = { window: 900, max: 10 } as const;

const TOO_MANY = 'Too many sign-in attempts for this email. Please try again later.';

/**
 * Counts a sign-in attempt against its email (known or not, so a refusal says nothing of whether
 * it is registered), and refuses it with 429 past the budget, before the password is checked.
 * A malformed email is left for Better Auth to refuse.
 */
export async function countSignInAttempt(limit: RateLimitStorage, email: unknown): Promise<void> {
  const parsed = emailSchema.safeParse(email);
  if (!parsed.success) return;
  const key = `sign-in:${createHash('sha256').update(parsed.data).digest('base64url')}`;
  const { allowed, retryAfter } = await limit.consume(key, SIGN_IN_ATTEMPTS_PER_EMAIL);
  if (!allowed) {
    throw new APIError(
      'TOO_MANY_REQUESTS',
      { message: TOO_MANY },
      { 'retry-after': String(retryAfter ?? SIGN_IN_ATTEMPTS_PER_EMAIL.window) },
    );
  }
}
