// Test data shaped by the shared schemas and the Better Auth session answer.
import type { Role } from '#shared/constants.ts';
import type { User } from '#shared/schemas/user.ts';
import type { ViewerUser } from '#web/lib/auth.ts';
import type { PublicConfig } from '#shared/schemas/config.ts';

export const buildConfig = (overrides: Partial<PublicConfig> = {}): PublicConfig => ({
  siteName: 'Code Commons',
  googleEnabled: false,
  payments: { provider: 'sandbox', publishableKey: null },
  ...overrides,
});

export const buildViewer = (overrides: Partial<ViewerUser> = {}): ViewerUser => ({
  id: 'user-1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  image: null,
  ...overrides,
});

/** GET /api/auth/get-session for a signed-in viewer. */
export const buildSessionAnswer = (viewer: ViewerUser, role: Role = 'Client') => ({
  session: {
    id: 'session-1',
    userId: viewer.id,
    token: 'session-token',
    expiresAt: '2099-01-01T00:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
  user: {
    ...viewer,
    emailVerified: false,
    role,
    membership: 'Bronze',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
});

export const buildUser = (overrides: Partial<User> = {}): User => ({
  _id: 'user-1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  photo: null,
  membership: 'Bronze',
  role: 'Client',
  ...overrides,
});
