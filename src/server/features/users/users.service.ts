import type { Kysely } from 'kysely';
import type { Role } from '#shared/constants.ts';
import { canReadUser } from '#shared/permissions.ts';
import type { UpsertUserDataInput, User } from '#shared/schemas/user.ts';
import type { DB } from '../../db/schema.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import type { SessionViewer } from '../../plugins/auth.ts';
import { contentChanged } from '../../lib/read-cache.ts';
import { findUserByEmail, setUserRole, updateUserProfile } from './users.queries.ts';

/** "self or admin": a member reads only their own record; an admin reads anyone's. */
export async function getUserForViewer(db: Kysely<DB>, viewer: SessionViewer, email: string): Promise<User> {
  if (!canReadUser(viewer, email)) throw forbidden('You can only see your own account.');
  const user = await findUserByEmail(db, email);
  if (!user) throw notFound('user');
  return user;
}

export async function getRoleForViewer(db: Kysely<DB>, viewer: SessionViewer, email: string): Promise<Role> {
  return (await getUserForViewer(db, viewer, email)).role;
}

/**
 * POST user-data: the original wrote whatever the browser sent. Here it only updates the
 * caller's own profile; a body naming another email is refused rather than obeyed.
 */
export async function upsertOwnProfile(db: Kysely<DB>, viewer: SessionViewer, input: UpsertUserDataInput): Promise<{ insertedId: string }> {
  if (input.email !== undefined && input.email.trim().toLowerCase() !== viewer.email) {
    throw forbidden('You can only update your own profile.');
  }
  await updateUserProfile(db, viewer.id, { name: input.name, image: input.image });
  // The leaderboard shows names and photos.
  await contentChanged(db);
  return { insertedId: viewer.id };
}

/** The operator's first administrator, and later the admin dashboard's "Make Admin". */
export async function promoteToAdmin(db: Kysely<DB>, email: string): Promise<{ modifiedCount: number }> {
  const normalised = email.trim().toLowerCase();
  const user = await findUserByEmail(db, normalised);
  if (!user) throw notFound('user');
  return { modifiedCount: await setUserRole(db, normalised, 'Admin') };
}
