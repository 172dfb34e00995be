// Default answers of the server for component tests: a visitor (no session), the
// default public config and no announcements. Tests add their own with server.use().
import { http, HttpResponse } from 'msw';
import type { Role } from '#shared/constants.ts';
import type { ViewerUser } from '#web/lib/auth.ts';
import { buildConfig, buildSessionAnswer, buildUser, buildViewer } from '../factories.ts';

export const handlers = [
  http.get('*/api/config', () => HttpResponse.json(buildConfig())),
  http.get('*/api/auth/get-session', () => HttpResponse.json(null)),
  // The reset page checks its link when it opens (Better Auth redirects back to it): a good one.
  http.get('*/api/auth/reset-password/:token', ({ params, request }) =>
    HttpResponse.redirect(new URL(`/auth/reset-password?token=${String(params.token)}`, request.url).toString(), 302),
  ),
  http.get('*/auth/reset-password', () => HttpResponse.html('<!doctype html>')),
  http.get('*/api/announcement-data', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  // The home page: no tags, no contributors, no posts.
  http.get('*/api/tag-data', () => HttpResponse.json([])),
  http.get('*/api/user-data', () => HttpResponse.json([])),
  http.get('*/api/pagination', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  http.get('*/api/post-data/popularity', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  http.get('*/api/search-by-tag', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  // Full-text search (the top bar leads there): nothing found.
  http.get('*/api/search', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  // The dashboard's profile pages: the member has no posts yet, the site is empty.
  http.get('*/api/user/:email', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  // A member's inbox: nothing yet, every mail setting on.
  http.get('*/api/notifications/unread-count', () => HttpResponse.json({ count: 0 })),
  http.get('*/api/notifications', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  http.get('*/api/notification-settings', () => HttpResponse.json({ emailOnComment: true, emailOnReply: true })),
  http.get('*/api/admin-stats', () =>
    HttpResponse.json({ posts: 0, comments: 0, users: 0, openReports: 0, newMembersThisWeek: 0, postsPerDay: [] }),
  ),
];

/** A signed-in viewer with the given role: session, role and stored user record. */
export function signedInAs(role: Role, viewer: ViewerUser = buildViewer()) {
  return [
    http.get('*/api/auth/get-session', () => HttpResponse.json(buildSessionAnswer(viewer, role))),
    http.get('*/api/users/role/:email', () => HttpResponse.json({ role })),
    http.get('*/api/users/:email', () =>
      HttpResponse.json(buildUser({ _id: viewer.id, name: viewer.name, email: viewer.email, photo: viewer.image, role })),
    ),
    http.post('*/api/auth/sign-out', () => HttpResponse.json({ success: true })),
  ];
}

/**
 * A sign-out that ends the session: after it, get-session answers no one. Put after signedInAs;
 * `signedOut()` tells whether the app asked for it.
 */
export function sessionEndedBySignOut() {
  let signedOut = false;
  return {
    handlers: [
      http.post('*/api/auth/sign-out', () => {
        signedOut = true;
        return HttpResponse.json({ success: true });
      }),
      http.get('*/api/auth/get-session', () => (signedOut ? HttpResponse.json(null) : undefined)),
    ],
    signedOut: () => signedOut,
  };
}
