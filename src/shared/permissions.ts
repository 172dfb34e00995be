// One vocabulary of permissions (API.md's "Who" column): the server enforces these rules and
// the browser uses the same ones to hide what the server would refuse.
import type { Membership, Role } from './constants.ts';
import { POST_LIMITS } from './constants.ts';

export interface Viewer {
  id: string;
  email: string;
  role: Role;
  membership: Membership;
}

export const isAdmin = (viewer: Pick<Viewer, 'role'> | null | undefined): boolean => viewer?.role === 'Admin';

/** "self or admin" of API.md; emails are compared as the schemas store them (lowercase). */
export const canReadUser = (viewer: Pick<Viewer, 'email' | 'role'> | null | undefined, email: string): boolean =>
  viewer != null && (isAdmin(viewer) || viewer.email === email);

/** The author of a post, or an admin. */
export const canEditPost = (viewer: Pick<Viewer, 'id' | 'role'> | null | undefined, post: { authorId: string }): boolean =>
  viewer != null && (viewer.id === post.authorId || isAdmin(viewer));
export const canDeletePost = canEditPost;

/** The comments under a post with their writers' emails: the post's author, or an admin. */
export const canReadCommentDetails = canEditPost;

/** The commenter, or an admin. */
export const canEditComment = (viewer: Pick<Viewer, 'id' | 'role'> | null | undefined, comment: { authorId: string }): boolean =>
  viewer != null && (viewer.id === comment.authorId || isAdmin(viewer));
export const canDeleteComment = canEditComment;

/**
 * Only the owner of the post a comment sits under reports it, and never a comment of their own:
 * a report asks an admin to act against the comment's writer, ban included.
 */
export const canReportComment = (
  viewer: Pick<Viewer, 'id'> | null | undefined,
  comment: { postAuthorId: string; authorId: string },
): boolean => viewer != null && viewer.id === comment.postAuthorId && viewer.id !== comment.authorId;

/** Administrators cannot be banned (DESIGN.md "Ban"). */
export const canBan = (target: { role: Role }): boolean => target.role !== 'Admin';

/** SPEC.md §5: anything not Gold is Bronze; the limit counts posts in total. */
export const postLimitFor = (membership: Membership | string | null | undefined): number =>
  membership === 'Gold' ? POST_LIMITS.Gold : POST_LIMITS.Bronze;

export const hasReachedPostLimit = (membership: Membership | string | null | undefined, postCount: number): boolean =>
  postCount >= postLimitFor(membership);
