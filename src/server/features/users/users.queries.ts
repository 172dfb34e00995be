import { lockingRead } from '../../db/row-lock.ts';
import { toMembership, toRole, type Role } from '#shared/constants.ts';
import type { User } from '#shared/schemas/user.ts';
import type { Db } from '../../db/schema.ts';
import { nowIso } from '../../lib/ids.ts';

const userColumns = ['id', 'name', 'email', 'image', 'role', 'membership'] as const;

type UserRow = { id: string; name: string; email: string; image: string | null; role: string; membership: string };

/** The one mapping from a users row to the wire shape of API.md. */
const toUser = (row: UserRow): User => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  photo: row.image,
  role: toRole(row.role),
  membership: toMembership(row.membership),
});

/** Emails are stored as emailSchema normalises them; callers pass them that way. */
export async function findUserByEmail(db: Db, email: string): Promise<User | null> {
  const row = await db.selectFrom('users').select(userColumns).where('email', '=', email).where('banned_at', 'is', null).executeTakeFirst();
  return row ? toUser(row) : null;
}

/**
 * A member by email (banned ones too), read inside a write and held until it ends on
 * PostgreSQL (lockingRead): a role change or ban committed just before is seen, and one that
 * follows waits for this write.
 */
export async function lockMemberByEmail(db: Db, email: string): Promise<{ id: string; role: Role; bannedAt: string | null } | null> {
  const row = await lockingRead(
    db,
    db.selectFrom('users').select(['id', 'role', 'banned_at']).where('email', '=', email),
    'users',
  ).executeTakeFirst();
  return row ? { id: row.id, role: toRole(row.role), bannedAt: row.banned_at } : null;
}

/**
 * Whether the member is banned, read inside a write made on their behalf, their row held until
 * it ends (lockingRead): the request's session was read before the write began, and a ban may
 * have committed since. On PostgreSQL a ban under way is waited for and then seen; one that
 * comes after waits for this write.
 */
export async function lockMemberBanned(db: Db, id: string): Promise<boolean> {
  const row = await lockingRead(
    db,
    db.selectFrom('users').select('banned_at').where('id', '=', id),
    'users',
    'no key update',
  ).executeTakeFirst();
  return row?.banned_at != null;
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id ?? null;
}

/**
 * The member's own name and photo, unless the member is banned ('banned'): the request's session
 * was read before this write, and a ban may have committed since. On PostgreSQL the update waits
 * for a ban under way, then finds the row banned and leaves it. Otherwise the rows changed.
 */
export async function updateUserProfile(
  db: Db,
  id: string,
  fields: { name?: string | undefined; image?: string | undefined },
): Promise<number | 'banned'> {
  if (fields.name === undefined && fields.image === undefined) return (await lockMemberBanned(db, id)) ? 'banned' : 0;
  const result = await db
    .updateTable('users')
    .set({ ...fields, updated_at: nowIso() })
    .where('id', '=', id)
    .where('banned_at', 'is', null)
    .executeTakeFirst();
  // A member's row is never removed: none updated is a banned one.
  const updated = Number(result.numUpdatedRows);
  return updated > 0 ? updated : 'banned';
}

export async function setUserRole(db: Db, id: string, role: 'Admin' | 'Client'): Promise<number> {
  const result = await db
    .updateTable('users')
    .set({ role, updated_at: nowIso() })
    .where('id', '=', id)
    .where('role', '!=', role)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The administrators' ids, held until the transaction ends: two admins removing each other at
 * once are decided one after the other, so the forum never ends up with none, and a write by an
 * admin being removed (lockIsAdmin) goes before the removal or is refused after it.
 */
export async function lockAdminIds(db: Db): Promise<string[]> {
  const rows = await lockingRead(
    db,
    db.selectFrom('users').select('id').where('role', '=', 'Admin').where('banned_at', 'is', null),
    'users',
  ).execute();
  return rows.map((r) => r.id);
}

/**
 * Whether the member is an administrator, read inside a write made only because they are one,
 * their row held until it ends (lockingRead, key share): a removal of their role holds the
 * administrators' rows for update first (lockAdminIds), so on PostgreSQL a removal under way is
 * waited for and then seen, and one that comes after waits for this write. The hold stops only
 * that: changes to the row's counts go on, and so do other admins' writes.
 */
export async function lockIsAdmin(db: Db, id: string): Promise<boolean> {
  const row = await lockingRead(
    db,
    db.selectFrom('users').select('id').where('id', '=', id).where('role', '=', 'Admin').where('banned_at', 'is', null),
    'users',
    'key share',
  ).executeTakeFirst();
  return row !== undefined;
}
