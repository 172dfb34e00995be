import type { Role } from '#shared/constants.ts';
import { canReadUser } from '#shared/permissions.ts';
import type { UpsertUserDataInput, User } from '#shared/schemas/user.ts';
import type { Db } from '../../db/schema.ts';
import { banned, forbidden, notFound } from '../../lib/app-error.ts';
import type { SessionViewer } from '../../plugins/auth.ts';
import type { WritePath } from '../../write-path/write-path.ts';
import {
  findUserByEmail,
  findUserIdByEmail,
  lockAdminIds,
  lockIsAdmin,
  lockMemberBanned,
  lockMemberByEmail,
  setUserRole,
  updateUserProfile,
} from './users.queries.ts';

/** The member's id behind a (normalised) email, banned or not; null when there is none. */
export const memberIdByEmail = findUserIdByEmail;

/** A member by email, banned or not, held until the write it is read in ends. */
export { lockMemberByEmail };

/** Whether a member is banned, as the write it is read in must see it (a ban may follow the session's read). */
export { lockMemberBanned };

/** "self or admin": a member reads only their own record; an admin reads anyone's. */
export async function getUserForViewer(db: Db, viewer: SessionViewer, email: string): Promise<User> {
  if (!canReadUser(viewer, email)) throw forbidden('You can only see your own account.');
  const user = await findUserByEmail(db, email);
  if (!user) throw notFound('user');
  return user;
}

export async function getRoleForViewer(db: Db, viewer: SessionViewer, email: string): Promise<Role> {
  return (await getUserForViewer(db, viewer, email)).role;
}

/**
 * POST user-data: the original wrote whatever the browser sent. Here it only updates the
 * caller's own profile; a body naming another email is refused rather than obeyed, and so is
 * the change of a member banned since the session was read (403 BANNED).
 */
export async function upsertOwnProfile(
  writes: WritePath,
  viewer: SessionViewer,
  input: UpsertUserDataInput,
): Promise<{ insertedId: string }> {
  if (input.email !== undefined && input.email !== viewer.email) throw forbidden('You can only update your own profile.');
  await writes.run(async (w) => {
    const updated = await updateUserProfile(w.trx, viewer.id, { name: input.name, image: input.image });
    if (updated === 'banned') throw banned();
    if (updated > 0) w.record({ type: 'member.updated', memberId: viewer.id });
  });
  return { insertedId: viewer.id };
}

/**
 * A write allowed only because the one sending it is an administrator (Make Admin, a ban, tags,
 * announcements, the report queue, another member's post or comment) is written only while they
 * still are one: the session's role was read before the write, and another administrator may
 * have removed theirs since (a removed admin's promotion of a friend, sent at the same moment,
 * must not land after the removal). Their row is held as a removal holds it (demoteAdmin), so
 * the two go one after the other.
 */
export async function holdActingAdmin(db: Db, adminId: string): Promise<void> {
  if (!(await lockIsAdmin(db, adminId))) throw forbidden('Only administrators can do that.');
}

/**
 * "The owner, or an admin" (shared/permissions.ts), once that check has passed inside the write:
 * the owner's own change needs nothing more (and holds nothing); anyone else's is allowed by the
 * admin right alone, so it is held as every admin write is (holdActingAdmin).
 */
export async function holdAdminUnlessOwner(db: Db, viewer: SessionViewer, ownerId: string): Promise<void> {
  if (viewer.id !== ownerId) await holdActingAdmin(db, viewer.id);
}

/**
 * The operator's first administrator (npm run admin, with no acting admin), and later the
 * dashboard's "Make Admin" (`by` the admin making it).
 */
export async function promoteToAdmin(writes: WritePath, email: string, by?: SessionViewer): Promise<{ modifiedCount: number }> {
  const modifiedCount = await writes.run(async (w) => {
    if (by) await holdActingAdmin(w.trx, by.id);
    // Looked up inside the write, not before it: a ban committed in between would otherwise
    // be followed by this write making the banned account an admin.
    const member = await lockMemberByEmail(w.trx, email);
    if (!member || member.bannedAt) throw notFound('user');
    const modified = await setUserRole(w.trx, member.id, 'Admin');
    if (modified > 0) w.record({ type: 'member.promoted', memberId: member.id, role: 'Admin' });
    return modified;
  });
  return { modifiedCount };
}

/**
 * "Remove admin": the member goes back to Client. Not oneself (an admin cannot lock
 * themselves out by mistake), never the last administrator, and only by one who is still an
 * administrator when the write runs: the session's role was read before it, and two admins
 * removing each other at once would otherwise both go.
 */
export async function demoteAdmin(writes: WritePath, viewer: SessionViewer, email: string): Promise<{ modifiedCount: number }> {
  const user = await findUserByEmail(writes.db, email);
  if (!user) throw notFound('user');
  if (user._id === viewer.id) throw forbidden('You cannot remove your own admin role.');
  const modifiedCount = await writes.run(async (w) => {
    const admins = await lockAdminIds(w.trx);
    if (!admins.includes(viewer.id)) throw forbidden('Only administrators can do that.');
    if (!admins.includes(user._id)) return 0;
    if (admins.length <= 1) throw forbidden('The forum needs at least one admin.');
    const modified = await setUserRole(w.trx, user._id, 'Client');
    if (modified > 0) w.record({ type: 'member.demoted', memberId: user._id });
    return modified;
  });
  return { modifiedCount };
}
