// Test data shaped by the shared schemas and the Better Auth session answer.
import type { Role } from '#shared/constants.ts';
import type { Report } from '#shared/schemas/report.ts';
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

/** A row of the reported-comment queue (GET /api/reported-comment-pagination). */
export const buildReport = (overrides: Partial<Report> = {}): Report => ({
  _id: 'report-1',
  commentId: 'comment-7',
  comment: 'Buy cheap watches at example.test',
  commentHtml: '<p>Buy cheap watches at example.test</p>',
  commenter_name: 'Spammy Sam',
  commenter_email: 'sam@example.com',
  commenter_role: 'Client',
  commenter_photo: null,
  authorId: 'member-sam',
  createdAt: '2026-01-02T10:00:00.000Z',
  postId: 'post-1',
  post_owner_name: 'Ada Lovelace',
  post_owner_email: 'ada@example.com',
  ReportedComment: 'Spam or promotional content',
  reportedAt: '2026-01-02T11:00:00.000Z',
  reporter: { name: 'Ada Lovelace' },
  ...overrides,
});
