// Every route path of SPEC.md §2, its href builder and, for a page whose title is fixed, that
// title (its heading and tab; the server names the page with it before the app runs).
import type { Role } from '#shared/constants.ts';
import { UNSUBSCRIBE_PAGE_PATH, unsubscribePageHref } from '#shared/mail-unsubscribe.ts';

/** The element id of a comment on its post page, the hash a link to that comment carries. */
export const commentAnchor = (commentId: string): string => `comment-${commentId}`;

/** The element id of the notification settings on My Profile. */
export const NOTIFICATION_SETTINGS_ID = 'notification-settings';

export const paths = {
  home: { path: '/', getHref: () => '/' },
  membership: { path: '/membership', title: 'Membership', getHref: () => '/membership' },
  notifications: { path: '/notifications', title: 'Notifications', getHref: () => '/notifications' },
  /** A notification mail's unsubscribe link (`?token=`); the server writes the same address into the mail. */
  unsubscribe: { path: UNSUBSCRIBE_PAGE_PATH, title: 'Unsubscribe', getHref: (token: string) => unsubscribePageHref(token) },
  member: { path: '/members/:id', getHref: (id: string) => `/members/${encodeURIComponent(id)}` },
  postDetails: {
    path: '/post-details/:id',
    /** With a comment id, the address of that comment on the post page (`#comment-{id}`). */
    getHref: (id: string, commentId?: string) =>
      `/post-details/${encodeURIComponent(id)}${commentId ? `#${encodeURIComponent(commentAnchor(commentId))}` : ''}`,
  },
  search: {
    path: '/search',
    getHref: (q?: string) => (q ? `/search?${new URLSearchParams({ q }).toString()}` : '/search'),
  },
  auth: {
    signIn: { path: '/auth/sign-in', title: 'Sign In', getHref: () => '/auth/sign-in' },
    signUp: { path: '/auth/sign-up', title: 'Sign Up', getHref: () => '/auth/sign-up' },
    forgotPassword: { path: '/auth/forgot-password', title: 'Forgot password?', getHref: () => '/auth/forgot-password' },
    /** The mailed link's page; the server writes the same address (with `?token=`) into the mail. */
    resetPassword: {
      path: '/auth/reset-password',
      title: 'Choose a new password',
      getHref: (token?: string) => (token ? `/auth/reset-password?${new URLSearchParams({ token }).toString()}` : '/auth/reset-password'),
    },
  },
  dashboard: {
    root: { path: '/dashboard', getHref: () => '/dashboard' },
    myProfile: {
      path: '/dashboard/my-profile',
      title: 'My Profile',
      /** With `notificationSettings`, the mail settings on it (the link every notification mail carries). */
      getHref: (section?: 'notificationSettings') => `/dashboard/my-profile${section ? `#${NOTIFICATION_SETTINGS_ID}` : ''}`,
    },
    addPost: { path: '/dashboard/add-post', title: 'Add Post', getHref: () => '/dashboard/add-post' },
    myPost: { path: '/dashboard/my-post', title: 'My Posts', getHref: () => '/dashboard/my-post' },
    commentDetails: {
      path: '/dashboard/my-post/comment-details/:id',
      title: 'Comment Details',
      getHref: (id: string) => `/dashboard/my-post/comment-details/${encodeURIComponent(id)}`,
    },
    adminProfile: { path: '/dashboard/admin-profile', title: 'Admin Profile', getHref: () => '/dashboard/admin-profile' },
    manageUsers: { path: '/dashboard/manage-users', title: 'Manage Users', getHref: () => '/dashboard/manage-users' },
    reportedComment: {
      path: '/dashboard/reported-comment',
      title: 'Reported Comments',
      getHref: () => '/dashboard/reported-comment',
    },
    makeAnnouncement: {
      path: '/dashboard/make-announcement',
      // The tab and the menu name the page; SPEC.md §2 heads its form "Create Post".
      title: 'Make Announcement',
      heading: 'Create Post',
      getHref: () => '/dashboard/make-announcement',
    },
  },
} as const;

/** SPEC.md §2: the dashboard link goes to my-profile for Clients, to admin-profile otherwise. */
export const dashboardHomeFor = (role: Role | null | undefined): string =>
  role === 'Client' ? paths.dashboard.myProfile.getHref() : paths.dashboard.adminProfile.getHref();

/** Router state carried to the sign-in page so it can return the visitor afterwards. */
export interface RedirectState {
  from?: string;
  /** The member's session ended under them (an authenticated call answered 401 or 403). */
  sessionEnded?: boolean;
}

/** Whether the guard sent a member here because their session ended under them. */
export const sessionEndedFrom = (state: unknown): boolean => (state as RedirectState | null | undefined)?.sessionEnded === true;

/**
 * The path remembered by the signed-in-only guard, if it is a safe in-app path;
 * otherwise home. Only same-origin absolute paths are accepted.
 */
export function redirectTargetFrom(state: unknown): string {
  const from = (state as RedirectState | null | undefined)?.from;
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')) return from;
  return paths.home.getHref();
}
