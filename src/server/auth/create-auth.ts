import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { FastifyBaseLogger } from 'fastify';
import { bearer } from 'better-auth/plugins/bearer';
import type { Kysely } from 'kysely';
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '#shared/constants.ts';
import {
  PASSWORD_TOAST_MESSAGE,
  PHOTO_URL_MESSAGE,
  displayNameFrom,
  displayNameSchema,
  emailSchema,
  isPhotoUrl,
  isValidPassword,
} from '#shared/schemas/user.ts';
import { singleLine } from '#shared/schemas/common.ts';
import type { AppConfig } from '../config/env.ts';
import { engineOf } from '../db/engine.ts';
import type { DB } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import type { WritePath } from '../write-path/write-path.ts';
import { isEmailBanned, BANNED_MESSAGE } from './ban-list.ts';
import { GOOGLE_ISSUER, googleProviderForIssuer } from './google-provider.ts';
import {
  RESET_REQUESTS_PER_ADDRESS,
  beforePasswordReset,
  passwordResetOptions,
  spendResetLinks,
  type PasswordResetDeps,
} from './password-reset.ts';
import type { RateLimitStorage } from './rate-limit-storage.ts';
import { countSignInAttempt } from './sign-in-limit.ts';

const snake = {
  emailVerified: 'email_verified',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  userId: 'user_id',
  expiresAt: 'expires_at',
  ipAddress: 'ip_address',
  userAgent: 'user_agent',
  accountId: 'account_id',
  providerId: 'provider_id',
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  idToken: 'id_token',
  accessTokenExpiresAt: 'access_token_expires_at',
  refreshTokenExpiresAt: 'refresh_token_expires_at',
} as const;

/** The header our Fastify bridge sets to the socket's address, so clients cannot spoof it. */
export const CLIENT_IP_HEADER = 'x-code-commons-client-ip';

/**
 * Better Auth on our database. Its own writes (a new account, a new name or photo) are told to
 * the write path as events once made, so what follows every write (the member count, the read
 * cache) follows these too.
 */
/** The body fields Better Auth reads an address to send the browser to from. */
const REDIRECT_FIELDS = ['callbackURL', 'newUserCallbackURL', 'errorCallbackURL', 'redirectTo'] as const;
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

export function createAuth(deps: {
  config: AppConfig;
  db: Kysely<DB>;
  writes: WritePath;
  rateLimitStorage?: RateLimitStorage | undefined;
  /** Counts sign-in attempts per email (Redis when REDIS_URL is set, this process otherwise). */
  signInLimit: RateLimitStorage;
  /** The mail queue and the per-email count of reset links. */
  passwordReset: Omit<PasswordResetDeps, 'config' | 'db'>;
  /** The server's log: Better Auth's own lines go there, as JSON like every other. */
  log: FastifyBaseLogger;
}) {
  const { config, db, writes } = deps;
  const reset: PasswordResetDeps = { config, db, ...deps.passwordReset };
  const devOrigins =
    config.env === 'production'
      ? []
      : [`http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`, 'http://localhost:5173', 'http://127.0.0.1:5173'];
  /** A banned member gets no new session and changes nothing of their own (403 BANNED). */
  const refuseBanned = async (memberId: string) => {
    const row = await db.selectFrom('users').select(['banned_at']).where('id', '=', memberId).executeTakeFirst();
    if (row?.banned_at) throw new APIError('FORBIDDEN', { message: BANNED_MESSAGE });
  };

  return betterAuth({
    appName: config.siteName,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl, ...devOrigins],
    database: { db: db as unknown as Kysely<unknown>, type: engineOf(db) },
    user: {
      modelName: 'users',
      fields: { emailVerified: snake.emailVerified, createdAt: snake.createdAt, updatedAt: snake.updatedAt },
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'Client', input: false },
        membership: { type: 'string', required: false, defaultValue: 'Bronze', input: false },
        bannedAt: { type: 'string', required: false, input: false, fieldName: 'banned_at' },
      },
    },
    session: {
      modelName: 'sessions',
      fields: {
        userId: snake.userId,
        expiresAt: snake.expiresAt,
        ipAddress: snake.ipAddress,
        userAgent: snake.userAgent,
        createdAt: snake.createdAt,
        updatedAt: snake.updatedAt,
      },
    },
    account: {
      modelName: 'accounts',
      fields: {
        userId: snake.userId,
        accountId: snake.accountId,
        providerId: snake.providerId,
        accessToken: snake.accessToken,
        refreshToken: snake.refreshToken,
        idToken: snake.idToken,
        accessTokenExpiresAt: snake.accessTokenExpiresAt,
        refreshTokenExpiresAt: snake.refreshTokenExpiresAt,
        createdAt: snake.createdAt,
        updatedAt: snake.updatedAt,
      },
    },
    verification: {
      modelName: 'verifications',
      fields: { expiresAt: snake.expiresAt, createdAt: snake.createdAt, updatedAt: snake.updatedAt },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      ...passwordResetOptions(reset),
    },
    socialProviders: config.google
      ? { google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret, prompt: 'select_account' } }
      : {},
    plugins: [bearer()],
    rateLimit: {
      enabled: config.rateLimit,
      // Shared by every instance when REDIS_URL is set; in this process otherwise.
      ...(deps.rateLimitStorage ? { customStorage: deps.rateLimitStorage } : {}),
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 5 },
        '/request-password-reset': RESET_REQUESTS_PER_ADDRESS,
        '/reset-password': { window: 60, max: 10 },
      },
    },
    advanced: {
      database: { generateId: () => newId() },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith('https://'),
    },
    telemetry: { enabled: false },
    // Its lines go to the server's log as JSON: written as plain text, a client's words (a
    // callbackURL with a line break) could forge a line of their own.
    logger: {
      level: 'warn',
      log: (level, message, ...args: unknown[]) => deps.log[level]({ auth: args.length > 0 ? args : undefined }, `auth: ${message}`),
    },
    // A refusal (a wrong password, a bad field, our hooks' answers) is answered as before; a
    // failure of the server's own is thrown on to the app's error handler, which logs it and
    // answers 500 in the one error shape (Better Auth's router would print it as plain text).
    onAPIError: { throw: true },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // An address to go to next is sent back in a header: a control character in it (a line
        // break) would fail the answer (500), or forge a header where it did not.
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        for (const field of REDIRECT_FIELDS) {
          const value = body[field];
          if (typeof value === 'string' && CONTROL_CHARACTER.test(value)) {
            throw new APIError('BAD_REQUEST', { message: `${field} must be an address on one line.` });
          }
        }
        if (ctx.path === '/request-password-reset' || ctx.path === '/reset-password') {
          const request = { body: (ctx.body ?? {}) as Record<string, unknown>, query: (ctx.query ?? {}) as Record<string, unknown> };
          const answer = await beforePasswordReset(ctx.path, request, reset);
          if (answer) return ctx.json(answer);
        }
        if (
          ctx.path === '/sign-up/email' ||
          (ctx.path === '/update-user' && (ctx.body as { name?: unknown } | undefined)?.name !== undefined)
        ) {
          // A new name, at sign-up or from My Profile: the same rule.
          const body = (ctx.body ?? {}) as { name?: unknown };
          if (!displayNameSchema.safeParse(body.name).success) {
            throw new APIError('BAD_REQUEST', { message: `Name must be 1 to ${NAME_MAX} characters.` });
          }
        }
        if (ctx.path === '/sign-up/email' || ctx.path === '/update-user') {
          // A photo is shown to everyone: an upload of ours or an https address (null removes it).
          const image = (ctx.body as { image?: unknown } | undefined)?.image;
          if (image !== undefined && image !== null && (typeof image !== 'string' || !isPhotoUrl(image))) {
            throw new APIError('BAD_REQUEST', { message: PHOTO_URL_MESSAGE });
          }
        }
        if (ctx.path === '/change-password') {
          const body = (ctx.body ?? {}) as { newPassword?: unknown };
          if (typeof body.newPassword !== 'string' || !isValidPassword(body.newPassword)) {
            throw new APIError('BAD_REQUEST', { message: PASSWORD_TOAST_MESSAGE });
          }
          // A new password always ends the member's other sessions (and with them their open
          // event streams), whatever the caller asked: this session goes on with a new token.
          return { context: { body: { ...body, revokeOtherSessions: true } } };
        }
        if (ctx.path === '/sign-up/email') {
          // The address as it will be stored: one Better Auth accepts but we would not (longer
          // than an address can be) is refused here, not by the user hook as "Failed to create user".
          const email = emailSchema.safeParse((ctx.body as { email?: unknown } | undefined)?.email);
          if (!email.success) {
            const tooLong = email.error.issues.find((issue) => issue.code === 'too_big');
            throw new APIError('BAD_REQUEST', { message: tooLong?.message ?? 'Enter a valid email address' });
          }
          const body = (ctx.body ?? {}) as { password?: unknown };
          if (typeof body.password !== 'string' || !isValidPassword(body.password)) {
            throw new APIError('BAD_REQUEST', { message: PASSWORD_TOAST_MESSAGE });
          }
        }
        if (ctx.path === '/sign-in/email' && config.rateLimit) {
          await countSignInAttempt(deps.signInLimit, (ctx.body as { email?: unknown } | undefined)?.email);
        }
        if (ctx.path === '/sign-up/email' || ctx.path === '/sign-in/email') {
          const email = emailSchema.safeParse((ctx.body as { email?: unknown } | undefined)?.email);
          if (email.success && (await isEmailBanned(db, email.data))) {
            throw new APIError('FORBIDDEN', { message: BANNED_MESSAGE });
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        // A password chosen on My Profile spends the reset links still in the member's mail, as
        // one set through a link does (onPasswordReset).
        if (ctx.path === '/change-password' && !(ctx.context.returned instanceof Error)) {
          const memberId = ctx.context.session?.user.id;
          if (memberId) await spendResetLinks(db, memberId);
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // Social sign-up reaches here without passing the email hooks above.
          before: async (user) => {
            const email = emailSchema.parse(user.email);
            if (await isEmailBanned(db, email)) throw new APIError('FORBIDDEN', { message: BANNED_MESSAGE });
            // A Google account's name and photo come unchecked: held to the rules of sign-up.
            const image = typeof user.image === 'string' && isPhotoUrl(user.image) ? user.image : null;
            return { data: { ...user, email, name: displayNameFrom(user.name), image } };
          },
          after: async (user) => {
            await writes.run(async (w) => w.record({ type: 'member.joined', memberId: user.id }));
          },
        },
        update: {
          before: async (user, context) => {
            // A member changing their own profile (update-user): the session was read before this
            // write, and a ban may have committed since. Read just before Better Auth's update,
            // which it makes outside any transaction of ours.
            const memberId = context?.context.session?.user.id;
            if (memberId) await refuseBanned(memberId);
            return { data: typeof user.name === 'string' ? { ...user, name: singleLine(user.name) } : user };
          },
          // A new name or photo shows in the lists and on the leaderboard.
          after: async (user) => {
            await writes.run(async (w) => w.record({ type: 'member.updated', memberId: user.id }));
          },
        },
      },
      account: {
        create: {
          // A ban removed the member's sign-in methods: none comes back, neither their Google
          // account linked again at a refused Google sign-in nor a password set through a reset
          // link whose ban committed while it was being used.
          before: async (account) => {
            await refuseBanned(account.userId);
            return { data: account };
          },
        },
      },
      session: {
        create: {
          before: async (session) => {
            await refuseBanned(session.userId);
            return { data: session };
          },
        },
        delete: {
          // Sign-out, a password reset, a revoked or expired session: the event streams opened
          // with it end, so they hear no more of the member's own events; the member's other
          // sessions' streams go on. Better Auth calls this once for each session it deletes,
          // when it deletes them all too (a password reset, revoke-sessions).
          after: async (session) => {
            await writes.run(async (w) => w.record({ type: 'sessions.ended', memberId: session.userId, sessionId: session.id }));
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Finishes what needs Better Auth's resolved context: Google on a configured issuer. */
export async function prepareAuth(auth: Auth, config: AppConfig): Promise<void> {
  const issuer = config.google?.issuer;
  if (!config.google || !issuer || issuer === GOOGLE_ISSUER) return;
  const ctx = await auth.$context;
  const index = ctx.socialProviders.findIndex((p) => p.id === 'google');
  const provider = googleProviderForIssuer({ ...config.google, issuer });
  if (index >= 0) ctx.socialProviders[index] = provider as (typeof ctx.socialProviders)[number];
}
