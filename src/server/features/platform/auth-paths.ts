import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '#shared/constants.ts';

/**
 * Better Auth's calls, as the OpenAPI document shows them. Better Auth is mounted as one
 * catch-all route (/api/auth/*, plugins/auth.ts) and validates its own bodies, so no route
 * schema describes these: they are written here, one entry per call the web app makes
 * (API.md "Identity"), with the shapes Better Auth answers.
 */

const user = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  role: z.enum(['Client', 'Admin']),
  membership: z.enum(['Bronze', 'Gold']),
  /** Set when the member was banned (they can then no longer sign in). */
  bannedAt: z.string().nullable(),
});
const session = z.object({
  id: z.string(),
  userId: z.string(),
  expiresAt: z.string(),
  token: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  ipAddress: z.string().nullable().optional(),
  userAgent: z.string().nullable().optional(),
});
const signedIn = z.object({ token: z.string().describe('A session token for `Authorization: Bearer …`'), user });
const status = z.object({ status: z.boolean() });

const email = z.email().max(EMAIL_MAX);
const password = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

interface AuthCall {
  method: 'get' | 'post';
  path: string;
  summary: string;
  /** Whether the call needs a session. */
  session: boolean;
  body?: z.ZodType;
  answer?: z.ZodType;
  /** Its path and query parameters, as OpenAPI writes them. */
  parameters?: Array<{ name: string; in: 'path' | 'query'; required: boolean; description?: string; schema: Record<string, unknown> }>;
  /** The status of a successful answer (a redirect for the OAuth callback). */
  success?: 200 | 302;
  errors: number[];
}

export const AUTH_CALLS: AuthCall[] = [
  {
    method: 'post',
    path: '/api/auth/sign-up/email',
    summary: 'Create an account (the password rule of sign-up applies); sets the session cookie',
    session: false,
    body: z.object({ name: z.string().min(1).max(NAME_MAX), email, password, image: z.string().optional() }),
    answer: signedIn,
    errors: [400, 403, 422, 429],
  },
  {
    method: 'post',
    path: '/api/auth/sign-in/email',
    summary: 'Sign in; sets the session cookie. Wrong credentials: one message that does not say which part was wrong',
    session: false,
    body: z.object({ email, password: z.string(), rememberMe: z.boolean().optional() }),
    answer: signedIn.extend({ redirect: z.boolean() }),
    errors: [400, 401, 403, 429],
  },
  {
    method: 'post',
    path: '/api/auth/sign-out',
    summary: 'End the session',
    session: true,
    answer: z.object({ success: z.boolean() }),
    errors: [],
  },
  {
    method: 'get',
    path: '/api/auth/get-session',
    summary: 'The current session and its member, or null',
    session: false,
    answer: z.object({ session, user }).nullable(),
    errors: [],
  },
  {
    method: 'post',
    path: '/api/auth/sign-in/social',
    summary: 'Start signing in with Google (when configured): the address to send the browser to',
    session: false,
    body: z.object({ provider: z.literal('google'), callbackURL: z.string() }),
    answer: z.object({ url: z.string(), redirect: z.boolean() }),
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/auth/callback/{provider}',
    summary: 'Where Google sends the browser back; sets the session cookie and redirects',
    session: false,
    parameters: [{ name: 'provider', in: 'path', required: true, schema: { type: 'string', enum: ['google'] } }],
    success: 302,
    errors: [],
  },
  {
    method: 'post',
    path: '/api/auth/update-user',
    summary: 'Change the signed-in member’s name or photo',
    session: true,
    body: z.object({ name: z.string().min(1).max(NAME_MAX).optional(), image: z.string().nullable().optional() }),
    answer: status,
    errors: [400, 401],
  },
  {
    method: 'post',
    path: '/api/auth/change-password',
    summary: 'Change the signed-in member’s password; other sessions end',
    session: true,
    body: z.object({ currentPassword: z.string(), newPassword: password, revokeOtherSessions: z.boolean().optional() }),
    answer: signedIn.extend({ token: z.string().nullable() }),
    errors: [400, 401],
  },
  {
    method: 'post',
    path: '/api/auth/request-password-reset',
    summary:
      'Mail a one-use, one-hour link to choose a new password. The same answer whether or not the email is known; a banned email gets no mail',
    session: false,
    body: z.object({ email, redirectTo: z.string().optional().describe('A path or address on this forum') }),
    answer: status.extend({ message: z.string() }),
    errors: [400, 403, 429],
  },
  {
    method: 'get',
    path: '/api/auth/reset-password/{token}',
    summary:
      'Check a mailed token without spending it: redirects to `callbackURL` with `?token=…` while it works, with `?error=INVALID_TOKEN` when it is spent, expired or unknown (the reset page asks this when it opens)',
    session: false,
    parameters: [
      { name: 'token', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'callbackURL', in: 'query', required: true, description: 'A path or address on this forum', schema: { type: 'string' } },
    ],
    success: 302,
    errors: [403],
  },
  {
    method: 'post',
    path: '/api/auth/reset-password',
    summary: 'Set a new password with the mailed token (the password rule of sign-up applies); every session of the member ends',
    session: false,
    body: z.object({ newPassword: password, token: z.string() }),
    answer: status,
    errors: [400, 403, 429],
  },
];
