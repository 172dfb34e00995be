import { describe, expect, it } from 'vitest';
import { toMembership, toRole } from './constants.ts';
import {
  canBan,
  canDeleteComment,
  canEditPost,
  canReadUser,
  canReportComment,
  hasReachedPostLimit,
  isAdmin,
  postLimitFor,
} from './permissions.ts';

const member = { id: 'm1', email: 'ada@example.org', role: 'Client', membership: 'Bronze' } as const;
const admin = { id: 'a1', email: 'root@example.org', role: 'Admin', membership: 'Bronze' } as const;

describe('permissions', () => {
  it('reads a user for self or an admin only', () => {
    expect(canReadUser(member, 'ada@example.org')).toBe(true);
    expect(canReadUser(member, 'bob@example.org')).toBe(false);
    expect(canReadUser(admin, 'bob@example.org')).toBe(true);
    expect(canReadUser(null, 'ada@example.org')).toBe(false);
  });

  it('lets the author or an admin edit a post, and the commenter or an admin a comment', () => {
    expect(canEditPost(member, { authorId: 'm1' })).toBe(true);
    expect(canEditPost(member, { authorId: 'x' })).toBe(false);
    expect(canEditPost(admin, { authorId: 'x' })).toBe(true);
    expect(canEditPost(null, { authorId: 'm1' })).toBe(false);
    expect(canDeleteComment(member, { authorId: 'm1' })).toBe(true);
    expect(canDeleteComment(member, { authorId: 'x' })).toBe(false);
    expect(canDeleteComment(admin, { authorId: 'x' })).toBe(true);
  });

  it('lets only the post owner report a comment on it, even over an admin, and never their own', () => {
    expect(canReportComment(member, { postAuthorId: 'm1', authorId: 'x' })).toBe(true);
    expect(canReportComment(admin, { postAuthorId: 'm1', authorId: 'x' })).toBe(false);
    expect(canReportComment(member, { postAuthorId: 'x', authorId: 'x' })).toBe(false);
    expect(canReportComment(member, { postAuthorId: 'm1', authorId: 'm1' })).toBe(false);
    expect(canReportComment(null, { postAuthorId: 'm1', authorId: 'x' })).toBe(false);
  });

  it('never bans an administrator', () => {
    expect(canBan({ role: 'Client' })).toBe(true);
    expect(canBan({ role: 'Admin' })).toBe(false);
  });

  it('limits Bronze to 5 posts and Gold to 10, anything else counting as Bronze', () => {
    expect(postLimitFor('Gold')).toBe(10);
    expect(postLimitFor('Bronze')).toBe(5);
    expect(postLimitFor('Platinum')).toBe(5);
    expect(hasReachedPostLimit('Bronze', 4)).toBe(false);
    expect(hasReachedPostLimit('Bronze', 5)).toBe(true);
    expect(hasReachedPostLimit('Gold', 9)).toBe(false);
    expect(hasReachedPostLimit('Gold', 10)).toBe(true);
    expect(isAdmin(admin)).toBe(true);
    expect(isAdmin(undefined)).toBe(false);
  });

  it('coerces stored roles and memberships', () => {
    expect(toRole('Admin')).toBe('Admin');
    expect(toRole('admin')).toBe('Client');
    expect(toRole(null)).toBe('Client');
    expect(toMembership('Gold')).toBe('Gold');
    expect(toMembership('Silver')).toBe('Bronze');
  });
});
