// Better Auth's browser client, mounted at /api/auth on our own origin. The session
// lives in an httpOnly cookie; no token is kept in script-readable storage.
// Only the account operations (sign in, sign up, profile update, sign out) use it;
// session state comes from lib/auth.ts (useViewer), which loads this module lazily.
import { createAuthClient } from 'better-auth/react';
import { inferAdditionalFields } from 'better-auth/client/plugins';

export const authClient = createAuthClient({
  baseURL: `${window.location.origin}/api/auth`,
  fetchOptions: {
    credentials: 'same-origin',
    // Resolve the global fetch on every call rather than once at start-up.
    customFetchImpl: (input, init) => fetch(input, init),
  },
  plugins: [
    inferAdditionalFields({
      user: {
        role: { type: 'string', required: false, input: false },
        membership: { type: 'string', required: false, input: false },
      },
    }),
  ],
});

/** Better Auth answers failures as { message?, status, statusText }. */
export function authErrorMessage(error: { message?: string | undefined; statusText?: string }, fallback: string): string {
  return error.message || error.statusText || fallback;
}
