// The route table of SPEC.md §2. Page modules are loaded on demand; only routes whose
// pages exist are registered, everything else falls through to "No Page Found".
import type { RouteObject } from 'react-router';
import { PageLoader } from '#web/components/ui/spinner.tsx';
import { paths } from '#web/config/paths.ts';
import { RequireRole } from './guards/require-role.tsx';
import { RequireUser } from './guards/require-user.tsx';
import { RootLayout } from './root-layout.tsx';
import { ErrorPage } from './routes/error-page.tsx';

export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <PageLoader fullScreen />,
    children: [
      {
        // A second boundary inside the shell keeps the top bar when a page fails.
        errorElement: <ErrorPage />,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./routes/home.tsx')).HomePage }) },
          {
            path: paths.auth.signIn.path,
            lazy: async () => ({ Component: (await import('./routes/auth/sign-in.tsx')).SignInPage }),
          },
          {
            path: paths.auth.signUp.path,
            lazy: async () => ({ Component: (await import('./routes/auth/sign-up.tsx')).SignUpPage }),
          },
          {
            path: paths.auth.forgotPassword.path,
            lazy: async () => ({ Component: (await import('./routes/auth/forgot-password.tsx')).ForgotPasswordPage }),
          },
          {
            path: paths.auth.resetPassword.path,
            lazy: async () => ({ Component: (await import('./routes/auth/reset-password.tsx')).ResetPasswordPage }),
          },
          {
            // Anyone: the link in a mail works without signing in, as the token is the authority.
            path: paths.unsubscribe.path,
            lazy: async () => ({ Component: (await import('./routes/unsubscribe.tsx')).UnsubscribePage }),
          },
          {
            path: paths.search.path,
            lazy: async () => ({ Component: (await import('./routes/search.tsx')).SearchPage }),
          },
          {
            path: paths.member.path,
            lazy: async () => ({ Component: (await import('./routes/member.tsx')).MemberPage }),
          },
          {
            element: <RequireUser />,
            children: [
              {
                path: paths.postDetails.path,
                lazy: async () => ({ Component: (await import('./routes/post-details.tsx')).PostDetailsPage }),
              },
              {
                path: paths.membership.path,
                lazy: async () => ({ Component: (await import('./routes/membership.tsx')).MembershipPage }),
              },
              {
                path: paths.notifications.path,
                lazy: async () => ({ Component: (await import('./routes/notifications.tsx')).NotificationsPage }),
              },
              {
                path: paths.dashboard.root.path,
                lazy: async () => ({
                  Component: (await import('#web/components/layout/dashboard-layout.tsx')).DashboardLayout,
                }),
                children: [
                  {
                    index: true,
                    lazy: async () => ({
                      Component: (await import('./routes/dashboard/dashboard-index.tsx')).DashboardIndexPage,
                    }),
                  },
                  {
                    // Every member's, admins too: a notification mail's settings link leads here.
                    path: paths.dashboard.myProfile.path,
                    lazy: async () => ({
                      Component: (await import('./routes/dashboard/my-profile.tsx')).MyProfilePage,
                    }),
                  },
                  {
                    element: <RequireRole role="Client" />,
                    children: [
                      {
                        path: paths.dashboard.addPost.path,
                        lazy: async () => ({
                          Component: (await import('./routes/dashboard/add-post.tsx')).AddPostPage,
                        }),
                      },
                      {
                        path: paths.dashboard.myPost.path,
                        lazy: async () => ({
                          Component: (await import('./routes/dashboard/my-post.tsx')).MyPostPage,
                        }),
                      },
                      {
                        path: paths.dashboard.commentDetails.path,
                        lazy: async () => ({
                          Component: (await import('./routes/dashboard/comment-details.tsx')).CommentDetailsPage,
                        }),
                      },
                    ],
                  },
                  {
                    element: <RequireRole role="Admin" />,
                    children: [
                      {
                        path: paths.dashboard.adminProfile.path,
                        lazy: async () => ({
                          Component: (await import('./routes/dashboard/admin-profile.tsx')).AdminProfilePage,
                        }),
                      },
                      {
                        path: paths.dashboard.manageUsers.path,
                        lazy: async () => ({
                          Component: (await import('./routes/dashboard/manage-users.tsx')).ManageUsersPage,
                        }),
                      },
                      {
                        path: paths.dashboard.reportedComment.path,
                        lazy: async () => ({
                          Component: (await import('./routes/dashboard/reported-comment.tsx')).ReportedCommentPage,
                        }),
                      },
                      {
                        path: paths.dashboard.makeAnnouncement.path,
                        lazy: async () => ({
                          Component: (await import('./routes/dashboard/make-announcement.tsx')).MakeAnnouncementPage,
                        }),
                      },
                    ],
                  },
                ],
              },
            ],
          },
          { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found.tsx')).NotFoundPage }) },
        ],
      },
    ],
  },
];
