import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import addressparser from 'nodemailer/lib/addressparser';
import { z } from 'zod';
import { SITE_NAME_DEFAULT } from '#shared/constants.ts';
import { isPostgresUrl } from './database-url.ts';

// The only reader of process.env: everything else receives a typed AppConfig (but for main.ts,
// which sizes the heap by the engine before anything loads: database-url.ts).

const onOff = z.enum(['on', 'off']);

/** The longest wait a Node timer keeps (2^31 - 1 ms). */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * The named ranges of the proxy check, and the proxies trusted in production by default: a proxy
 * is usually on the same host or a private network; a client on the internet is neither.
 */
const PROXY_RANGES: readonly string[] = ['loopback', 'linklocal', 'uniquelocal'];
const PROXY_ADDRESS = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);
const isProxyAddress = (entry: string): boolean => PROXY_RANGES.includes(entry) || PROXY_ADDRESS.safeParse(entry).success;

/** TRUST_PROXY as a list (empty: none); unset, the private ranges in production and none otherwise. */
function trustedProxiesOf(setting: string | undefined, production: boolean): string[] {
  if (setting === undefined) return production ? [...PROXY_RANGES] : [];
  return setting === 'off' ? [] : setting.split(',').map((entry) => entry.trim());
}

/**
 * An http(s) address with nothing after the host and port. Anything else started a server whose
 * mails, feeds and sitemap linked nowhere ("localhost:3000" parses as a URL whose scheme is
 * "localhost:"), or, with a path or query, whose sign-in answered 404 (Better Auth reads its own
 * address from it).
 */
function isOrigin(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    !url.username &&
    !url.password &&
    url.pathname === '/' &&
    !url.search &&
    !url.hash &&
    !/[?#]/.test(value)
  );
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * Digits only: coerced, a blank value (`PORT=` in a compose file) was 0, a port the system
   * picks at random, and "0x1F90" a hexadecimal one.
   */
  PORT: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, 'PORT is a port number from 0 to 65535')
    .transform(Number)
    .pipe(z.number().max(65535, 'PORT is a port number from 0 to 65535'))
    .default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** PostgreSQL connections per instance (a write waiting on its commit's sync holds one). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /**
   * ioredis reads anything with another scheme (http://, a typo) as a Unix socket's path: the
   * server then ran without the Redis its instances were meant to share, with a warning only.
   */
  REDIS_URL: z
    .string()
    .refine((value) => !value.includes('://') || /^rediss?:\/\//i.test(value), {
      message: "REDIS_URL is a redis:// or rediss:// URL (redis://127.0.0.1:6379), or a Unix socket's path",
    })
    .optional(),
  BETTER_AUTH_SECRET: z.string().min(32, 'BETTER_AUTH_SECRET must be at least 32 characters').optional(),
  /** The forum's origin: scheme, host and port only (the web app is served from its root). */
  PUBLIC_URL: z
    .string()
    .trim()
    .refine(isOrigin, {
      message:
        'PUBLIC_URL is the address people reach the forum at: http:// or https://, a host and perhaps a port, nothing after (https://forum.example.org)',
    })
    .transform((value) => new URL(value).origin)
    .optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** An OpenID Connect issuer standing in for Google (a Google-compatible provider, or tests). */
  GOOGLE_ISSUER: z.url().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Where the Stripe client sends API calls; only tests point it elsewhere (a local stub). */
  STRIPE_API_URL: z.url().optional(),
  SANDBOX_PAYMENTS: onOff.optional(),
  SITE_NAME: z.string().min(1).max(60).default(SITE_NAME_DEFAULT),
  RATE_LIMIT: onOff.optional(),
  /**
   * The reverse proxies in front of the server (comma-separated addresses, CIDR ranges, or the
   * names loopback, linklocal and uniquelocal), or `off`. X-Forwarded-For is read only from
   * them, and only up to the first hop that is not one of them: what comes before it is the
   * client's own to write.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .refine((value) => value === 'off' || value.split(',').every((entry) => isProxyAddress(entry.trim())), {
      message: 'TRUST_PROXY is off or a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal',
    })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** A log line for every request received and answered; off by default (it costs throughput). */
  LOG_REQUESTS: onOff.optional(),
  /** Keep answers of the busiest reads between writes (lib/read-cache.ts); on by default. */
  READ_CACHE: onOff.optional(),
  /** Open event streams (GET /api/events) allowed per client address. */
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(50),
  /** Seconds between the comment lines every event stream gets (at most 25, API.md); tests shorten it. */
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().min(0.01).max(25).default(20),
  /** smtp://user:pass@host:port or smtps://…; with MAIL_FROM, mail goes out by SMTP (else to the log). */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  /**
   * Waits in milliseconds before each new attempt at a mail the SMTP server did not take. Each
   * at most a timer's longest (about 24.8 days): Node runs a longer one after 1 ms.
   */
  MAIL_RETRY_DELAYS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'MAIL_RETRY_DELAYS is a comma-separated list of milliseconds')
    .refine((value) => value.split(',').every((delay) => Number(delay) <= MAX_TIMER_MS), {
      message: `MAIL_RETRY_DELAYS: each wait is at most ${MAX_TIMER_MS} ms`,
    })
    .optional(),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** A postgres:// URL, or null for the embedded SQLite file. */
  databaseUrl: string | null;
  sqlitePath: string;
  databasePoolSize: number;
  redisUrl: string | null;
  authSecret: string;
  publicUrl: string;
  google: { clientId: string; clientSecret: string; issuer: string | null } | null;
  stripe: { secretKey: string; publishableKey: string | null; webhookSecret: string | null; apiUrl: string | null } | null;
  sandboxPayments: boolean;
  siteName: string;
  rateLimit: boolean;
  /** The reverse proxies whose X-Forwarded-For is read (empty: the connection's own address is the client's). */
  trustedProxies: string[];
  logLevel: string;
  logRequests: boolean;
  readCache: boolean;
  live: { streamsPerAddress: number; heartbeatMs: number };
  mail: MailConfig;
  /** What the server says at start about a configuration that works but is likely a mistake. */
  warnings: string[];
}

export interface MailConfig {
  /** null: every mail is written to the log at `info`, links included. */
  smtp: { url: string; from: string } | null;
  /** The waits before the attempts after the first (their count is the number of retries). */
  retryDelaysMs: number[];
}

const DEFAULT_MAIL_RETRY_DELAYS_MS = [5_000, 30_000, 120_000];

/** SMTP_URL and MAIL_FROM go together; half a mail configuration is a mistake worth stopping for. */
function mailConfig(e: {
  SMTP_URL?: string | undefined;
  MAIL_FROM?: string | undefined;
  MAIL_RETRY_DELAYS?: string | undefined;
}): MailConfig {
  const retryDelaysMs = e.MAIL_RETRY_DELAYS ? e.MAIL_RETRY_DELAYS.split(',').map(Number) : DEFAULT_MAIL_RETRY_DELAYS_MS;
  if (!e.SMTP_URL && !e.MAIL_FROM) return { smtp: null, retryDelaysMs };
  if (!e.SMTP_URL || !e.MAIL_FROM) throw new ConfigError('SMTP_URL and MAIL_FROM are set together (or neither, to write mail to the log).');
  let url: URL;
  try {
    url = new URL(e.SMTP_URL);
  } catch {
    throw new ConfigError('SMTP_URL must be a URL such as smtp://user:pass@mail.example.org:587 or smtps://…:465.');
  }
  if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
    throw new ConfigError('SMTP_URL must start with smtp:// or smtps:// and name a host.');
  }
  // Read by the parser nodemailer reads it with: one mailbox, or a list (each mail would then
  // name several senders, which receiving servers' checks such as DMARC refuse) is refused.
  const senders = addressparser(e.MAIL_FROM, { flatten: true });
  if (senders.length !== 1 || !/^[^@\s]+@[^@\s]+$/.test(senders[0]?.address ?? '')) {
    throw new ConfigError('MAIL_FROM must be one address, such as "Code Commons <forum@example.org>".');
  }
  return { smtp: { url: e.SMTP_URL, from: e.MAIL_FROM }, retryDelaysMs };
}

export class ConfigError extends Error {}

/**
 * Development keeps a random secret in the data dir so sessions survive restarts. A tool reads
 * that one when it is there and otherwise makes one it keeps nowhere: it signs no session a
 * server will read, and leaves the data dir as it found it.
 */
function devSecret(dataDir: string, keep: boolean): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  if (keep) writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The configuration from the environment. `tool`: for the command-line tools (admin, seed,
 * reindex, backup), which leave the data dir as they find it (no folder, no secret file) and
 * need no session secret, so a mistyped DATA_DIR creates nothing.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, options: { tool?: boolean } = {}): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  if (!options.tool) {
    try {
      mkdirSync(dataDir, { recursive: true });
    } catch (error) {
      throw new ConfigError(`DATA_DIR ${dataDir} cannot be made: ${(error as Error).message}.`);
    }
  }

  if (production && !e.BETTER_AUTH_SECRET && !options.tool) {
    throw new ConfigError('BETTER_AUTH_SECRET is required when NODE_ENV=production (at least 32 random characters).');
  }
  const databaseUrl = e.DATABASE_URL && isPostgresUrl(e.DATABASE_URL) ? e.DATABASE_URL : null;
  if (e.DATABASE_URL && !databaseUrl) {
    throw new ConfigError('DATABASE_URL must be a postgres:// URL (leave it unset for the embedded SQLite database).');
  }
  const stripe = e.STRIPE_SECRET_KEY
    ? {
        secretKey: e.STRIPE_SECRET_KEY,
        publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? null,
        webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
        apiUrl: e.STRIPE_API_URL ?? null,
      }
    : null;
  const sandboxPayments = !stripe && (!production || e.SANDBOX_PAYMENTS === 'on');

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl,
    sqlitePath: path.join(dataDir, 'code-commons.sqlite'),
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL ?? null,
    authSecret: e.BETTER_AUTH_SECRET ?? devSecret(dataDir, !options.tool),
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER ?? null }
        : null,
    stripe,
    sandboxPayments,
    siteName: e.SITE_NAME,
    rateLimit: e.RATE_LIMIT ? e.RATE_LIMIT === 'on' : production,
    trustedProxies: trustedProxiesOf(e.TRUST_PROXY, production),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    logRequests: e.LOG_REQUESTS === 'on',
    readCache: e.READ_CACHE !== 'off',
    live: { streamsPerAddress: e.LIVE_STREAMS_PER_ADDRESS, heartbeatMs: Math.round(e.LIVE_HEARTBEAT_SECONDS * 1000) },
    mail: mailConfig(e),
    warnings: [...publicUrlWarnings(e, production), ...halfSetWarnings(e, sandboxPayments), ...paymentWarnings(stripe, sandboxPayments)],
  };
}

/**
 * Without PUBLIC_URL every absolute link (reset and notification mails, feeds, the sitemap)
 * names localhost: harmless on a laptop, broken for everyone once the forum is served to others
 * or mails leave the machine. Said at start rather than refused, so a local production build
 * still runs.
 */
function publicUrlWarnings(
  e: { PUBLIC_URL?: string | undefined; SMTP_URL?: string | undefined; PORT: number },
  production: boolean,
): string[] {
  if (e.PUBLIC_URL || !(production || e.SMTP_URL)) return [];
  return [
    `PUBLIC_URL is not set: links in mails, feeds and the sitemap point at http://localhost:${e.PORT}. ` +
      'Set it to the address people reach the forum at (https://forum.example.org).',
  ];
}

/**
 * A sign-in or payment provider configured in part starts without it (Google sign-in off, a
 * Stripe checkout the page cannot show): said at start, so the missing setting is found there
 * rather than by members.
 */
function halfSetWarnings(
  e: {
    GOOGLE_CLIENT_ID?: string | undefined;
    GOOGLE_CLIENT_SECRET?: string | undefined;
    STRIPE_SECRET_KEY?: string | undefined;
    STRIPE_PUBLISHABLE_KEY?: string | undefined;
    STRIPE_WEBHOOK_SECRET?: string | undefined;
  },
  sandboxPayments: boolean,
): string[] {
  const warnings: string[] = [];
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    const [set, missing] = e.GOOGLE_CLIENT_ID ? ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'] : ['GOOGLE_CLIENT_SECRET', 'GOOGLE_CLIENT_ID'];
    warnings.push(`${set} is set without ${missing}: "Login with Google" stays off until both are.`);
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_PUBLISHABLE_KEY) {
    warnings.push('STRIPE_SECRET_KEY is set without STRIPE_PUBLISHABLE_KEY: the membership page cannot show the card form.');
  }
  // The secret key alone turns Stripe on: the others without it are set for nothing.
  const withoutSecret = e.STRIPE_SECRET_KEY ? [] : (['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const).filter((name) => e[name]);
  if (withoutSecret.length > 0) {
    const instead = sandboxPayments ? 'the built-in payment sandbox takes the payments' : 'no payments are taken';
    const verb = withoutSecret.length === 1 ? 'is' : 'are';
    warnings.push(`${withoutSecret.join(' and ')} ${verb} set without STRIPE_SECRET_KEY: Stripe stays off and ${instead}.`);
  }
  return warnings;
}

/**
 * In production without Stripe the sandbox is off unless asked for, and then nothing takes
 * payments: members are told so on the membership page, and the operator here.
 */
function paymentWarnings(stripe: unknown, sandboxPayments: boolean): string[] {
  if (stripe || sandboxPayments) return [];
  return [
    'No payment provider is configured: members cannot buy Gold membership (the membership page says card payments are not available). ' +
      'Set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, or SANDBOX_PAYMENTS=on on a server that takes no real payments.',
  ];
}
