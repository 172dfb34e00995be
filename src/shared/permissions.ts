import type { Membership, Role } from './constants.ts';
import { POST_LIMITS } from './constants.ts';

export interface Viewer {
  id: string;
  email: string;
  role: Role;
  membership: Membership;
}

export const isAdmin = (viewer: Pick<Viewer, 'role'> | null | undefined): boolean => viewer?.role === 'Admin';

/** "self or admin" of API.md. */
export const canReadUser = (viewer: Viewer | null, email: string): boolean =>
  viewer != null && (isAdmin(viewer) || viewer.email === email.toLowerCase());

/** SPEC.md §5: anything not Gold is Bronze; the limit counts posts in total. */
export const postLimitFor = (membership: Membership | string | null | undefined): number =>
  membership === 'Gold' ? POST_LIMITS.Gold : POST_LIMITS.Bronze;

export const hasReachedPostLimit = (membership: Membership | string | null | undefined, postCount: number): boolean =>
  postCount >= postLimitFor(membership);

/** SPEC.md §2: the dashboard link goes to my-profile for Clients, to admin-profile otherwise. */
export const dashboardHomeFor = (role: Role | null | undefined): string =>
  role === 'Client' ? '/dashboard/my-profile' : '/dashboard/admin-profile';
