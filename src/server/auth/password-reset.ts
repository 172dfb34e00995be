import { createHash } from 'node:crypto';
import { APIError } from 'better-auth/api';
import type { Kysely } from 'kysely';
import { PASSWORD_TOAST_MESSAGE, emailSchema, isValidPassword } from '#shared/schemas/user.ts';
import type { AppConfig } from '../config/env.ts';
import type { DB } from '../db/schema.ts';
import type { Mailer } from '../features/mail/mail-queue.ts';
import { passwordResetMail, passwordResetUrl } from '../features/mail/password-reset.mail.ts';
import { BANNED_MESSAGE, isEmailBanned } from './ban-list.ts';
import type { RateLimitStorage } from './rate-limit-storage.ts';

/**
 * Better Auth's answer to `POST /request-password-reset`, whatever became of the request: the
 * same whether the email is known, unknown, banned or over its limit, so it tells nothing.
 */
export const RESET_REQUESTED = {
  status: true,
  message: 'If this email exists in our system, check your email for the reset link',
} as const;

/** Better Auth files a reset link's token in `verifications` under this prefix, its member as the value. */
const RESET_IDENTIFIER_PREFIX = 'reset-password:';

/** A reset link works for an hour (and once: Better Auth consumes it). */
export const RESET_TOKEN_LIFETIME_SECONDS = 3600;
/** Links one email may be sent: enough for a lost mail or two, too few to flood an inbox. */
export const RESET_MAILS_PER_EMAIL = { window: 3600, max: 3 } as const;
/** Requests one address may make (Better Auth's own limit, counted beside sign-in's). */
export const RESET_REQUESTS_PER_ADDRESS = { window: 600, max: 5 } as const;

export interface PasswordResetDeps {
  config: AppConfig;
  db: Kysely<DB>;
  mailer: Mailer;
  /** Counts reset mails per email (Redis when REDIS_URL is set, this process otherwise). */
  emailLimit: RateLimitStorage;
}

/**
 * Spends every reset link mailed to a member. Called once the password has been set, by a link
 * or on My Profile: an older mail must not set it again once its owner has chosen a new one.
 */
export async function spendResetLinks(db: Kysely<DB>, memberId: string): Promise<void> {
  await db.deleteFrom('verifications').where('value', '=', memberId).where('identifier', 'like', `${RESET_IDENTIFIER_PREFIX}%`).execute();
}

/** `emailAndPassword` options of Better Auth for the reset. */
export function passwordResetOptions(deps: PasswordResetDeps) {
  const { config, mailer } = deps;
  return {
    resetPasswordTokenExpiresIn: RESET_TOKEN_LIFETIME_SECONDS,
    revokeSessionsOnPasswordReset: true,
    onPasswordReset: async ({ user }: { user: { id: string } }) => {
      await spendResetLinks(deps.db, user.id);
    },
    // Better Auth waits for this before answering: it only queues the mail. The link is our
    // own page on PUBLIC_URL (not Better Auth's redirecting endpoint, nor the caller's
    // redirectTo): a mail never leads anywhere else.
    sendResetPassword: async ({ user, token }: { user: { email: string; name: string; bannedAt?: unknown }; token: string }) => {
      if (user.bannedAt) return;
      const url = passwordResetUrl(config.publicUrl, token);
      mailer.send(passwordResetMail({ to: user.email, name: user.name, siteName: config.siteName, url }), 'password reset');
    },
  };
}

/**
 * Our rules in front of Better Auth's reset endpoints (called from its `before` hook). Returns
 * an answer to give instead of Better Auth's, or undefined to let it go on.
 */
export async function beforePasswordReset(
  path: string,
  request: { body: Record<string, unknown>; query: Record<string, unknown> },
  deps: PasswordResetDeps,
): Promise<typeof RESET_REQUESTED | undefined> {
  const { body, query } = request;
  if (path === '/request-password-reset') {
    const email = emailSchema.safeParse(body.email);
    // Better Auth refuses a malformed address itself (400).
    if (!email.success) return undefined;
    // The link always leads to our own page; a redirectTo elsewhere is a mistake or a trick.
    if (body.redirectTo !== undefined && !isOnForum(body.redirectTo, deps.config.publicUrl)) {
      throw new APIError('FORBIDDEN', { message: 'The reset page must be on this forum.' });
    }
    // A banned email gets no link, and its answer is everyone's.
    if (await isEmailBanned(deps.db, email.data)) return RESET_REQUESTED;
    if (deps.config.rateLimit) {
      const key = `reset-mail:${createHash('sha256').update(email.data).digest('base64url')}`;
      const { allowed } = await deps.emailLimit.consume(key, RESET_MAILS_PER_EMAIL);
      if (!allowed) return RESET_REQUESTED;
    }
    return undefined;
  }
  if (path === '/reset-password') {
    // SPEC.md §5's rule, checked before the token is spent: a refused password leaves the link usable.
    if (typeof body.newPassword !== 'string' || !isValidPassword(body.newPassword)) {
      throw new APIError('BAD_REQUEST', { message: PASSWORD_TOAST_MESSAGE });
    }
    // A link asked for before its member was banned must not give them back a password. Better
    // Auth takes the token from the body or else from the query: the one it would spend.
    const token = body.token || query.token;
    if (typeof token === 'string' && (await isResetForBannedMember(deps.db, token))) {
      throw new APIError('FORBIDDEN', { message: BANNED_MESSAGE });
    }
  }
  return undefined;
}

/** A path on this site, or an absolute address on PUBLIC_URL's origin. */
function isOnForum(target: unknown, publicUrl: string): boolean {
  if (typeof target !== 'string') return false;
  if (target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')) return true;
  try {
    return new URL(target).origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}

async function isResetForBannedMember(db: Kysely<DB>, token: string): Promise<boolean> {
  const row = await db
    .selectFrom('verifications')
    .innerJoin('users', 'users.id', 'verifications.value')
    .select('users.banned_at')
    .where('verifications.identifier', '=', `${RESET_IDENTIFIER_PREFIX}${token}`)
    .executeTakeFirst();
  return Boolean(row?.banned_at);
}
