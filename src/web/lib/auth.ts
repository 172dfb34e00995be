// Session state for the whole app (SPEC.md §4 "Session: loading, signed-in,
// signed-out") and the viewer's role, fetched once the email is known.
import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { ROLES, type Role } from '#shared/constants.ts';
import { paths } from '#web/config/paths.ts';
import { api } from './api-client.ts';
import { forgetDraftsOf } from './draft-keys.ts';
import { tellOtherTabsOfSession } from './session-channel.ts';
import { toast } from './toast.tsx';

export interface ViewerUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
}

export type ViewerState =
  { status: 'loading'; user: null } | { status: 'signed-out'; user: null } | { status: 'signed-in'; user: ViewerUser };

export const authKeys = {
  session: ['auth', 'session'] as const,
  roles: ['auth', 'role'] as const,
  role: (email: string) => ['auth', 'role', email] as const,
};

/**
 * The router location the viewer signed out from. A guard still showing that location
 * (the router commits the move home in a transition, after the session is dropped)
 * sends the viewer home rather than to the sign-in page.
 */
let signedOutAtKey: string | null = null;
export const signedOutAt = (locationKey: string): boolean => locationKey === signedOutAtKey;

/** Better Auth's GET /api/auth/get-session answer (the fields we read). */
interface SessionAnswer {
  user: { id: string; name: string; email: string; image?: string | null };
}

// A plain GET through the API client: Better Auth's browser client is only loaded by
// the screens that sign in, sign up or sign out, which keeps it off the first page.
async function getSession(signal?: AbortSignal): Promise<ViewerUser | null> {
  const answer = await api.get<SessionAnswer | null | undefined>('/auth/get-session', { signal });
  if (!answer?.user) return null;
  signedOutAtKey = null;
  const { id, name, email, image } = answer.user;
  return { id, name, email, image: image ?? null };
}

/** Better Auth's client, fetched when first needed. */
export const loadAuthClient = async () => (await import('./auth-client.ts')).authClient;

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.session,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 60_000,
  });

/** Fetches the session now and stores it. */
const fetchSession = (queryClient: QueryClient): Promise<ViewerUser | null> =>
  queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });

/** Fetches the session now (after sign-in, sign-up or a change of account) and stores it; the browser's other tabs do too. */
export const refreshSession = async (queryClient: QueryClient): Promise<ViewerUser | null> => {
  try {
    return await fetchSession(queryClient);
  } finally {
    tellOtherTabsOfSession();
  }
};

/**
 * Another tab changed the session: fetched again, and what belonged to the member shown before
 * is dropped if it is no longer theirs (the guards then send a signed-out member to sign in),
 * their drafts in this tab too, as the sign-out forgets them in its own tab (a lapsed session
 * tells no other tab, so it keeps them).
 */
export async function followSessionElsewhere(queryClient: QueryClient): Promise<void> {
  const before = queryClient.getQueryData<ViewerUser | null>(authKeys.session) ?? null;
  const after = await fetchSession(queryClient).catch(() => before);
  if (before === null || before.id === after?.id) return;
  forgetDraftsOf(before.email);
  clearViewerData(queryClient);
  if (after) queryClient.setQueryData(authKeys.session, after);
}

export function useViewer(): ViewerState {
  const { data, isPending } = useQuery(sessionQueryOptions());
  if (isPending) return { status: 'loading', user: null };
  if (data) return { status: 'signed-in', user: data };
  return { status: 'signed-out', user: null };
}

export const roleQueryOptions = (email: string) =>
  queryOptions({
    queryKey: authKeys.role(email),
    queryFn: async ({ signal }) => {
      const { role } = await api.get<{ role: unknown }>(`/users/role/${encodeURIComponent(email)}`, { signal });
      if (!ROLES.includes(role as Role)) throw new Error(`Unknown role: ${String(role)}`);
      return role as Role;
    },
    staleTime: 60_000,
  });

export type RoleState = { status: 'loading'; role: null } | { status: 'ready'; role: Role | null };

/** SPEC.md §4: the role is fetched once the user's email is known; on failure it is null. */
export function useRole(): RoleState {
  const viewer = useViewer();
  const email = viewer.user?.email;
  const query = useQuery({ ...roleQueryOptions(email ?? ''), enabled: email !== undefined });
  if (viewer.status === 'loading') return { status: 'loading', role: null };
  if (email === undefined) return { status: 'ready', role: null };
  if (query.isPending) return { status: 'loading', role: null };
  return { status: 'ready', role: query.data ?? null };
}

/**
 * The viewer as src/shared/permissions.ts asks about them (id and role), or null while
 * signed out or still loading: a control that needs a permission stays hidden until known.
 */
export function usePermissionViewer(): { id: string; role: Role } | null {
  const viewer = useViewer();
  const role = useRole();
  if (viewer.status !== 'signed-in' || role.status !== 'ready' || role.role === null) return null;
  return { id: viewer.user.id, role: role.role };
}

/**
 * Forgets everything that belonged to the signed-in viewer: the session becomes
 * "signed out" and every cached answer not marked public is dropped.
 */
export function clearViewerData(queryClient: QueryClient): void {
  queryClient.setQueryData(authKeys.session, null);
  queryClient.removeQueries({
    predicate: (query) =>
      query.meta?.public !== true && !(query.queryKey[0] === authKeys.session[0] && query.queryKey[1] === authKeys.session[1]),
  });
}

export interface SignOutOptions {
  message: string;
  type: 'success' | 'warning';
}

/** Signs out (forgetting the member's drafts in this tab), returns to the home page, then confirms with a toast (SPEC.md §2). */
export function useSignOut(): (options: SignOutOptions) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { key: locationKey } = useLocation();
  return useCallback(
    async ({ message, type }: SignOutOptions) => {
      const email = queryClient.getQueryData<ViewerUser | null>(authKeys.session)?.email;
      if (email) forgetDraftsOf(email);
      try {
        await (await loadAuthClient()).signOut();
      } catch (error) {
        // SPEC.md §8: sign-out failures are logged only; the local session is dropped anyway.
        console.warn('Sign-out request failed', error);
      }
      signedOutAtKey = locationKey;
      await navigate(paths.home.getHref());
      clearViewerData(queryClient);
      tellOtherTabsOfSession();
      toast[type](message);
    },
    [locationKey, navigate, queryClient],
  );
}
