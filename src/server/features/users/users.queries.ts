import type { Kysely, Transaction } from 'kysely';
import type { User } from '#shared/schemas/user.ts';
import type { DB } from '../../db/schema.ts';
import { nowIso } from '../../lib/ids.ts';

type Db = Kysely<DB> | Transaction<DB>;

const userColumns = ['id', 'name', 'email', 'image', 'role', 'membership'] as const;

type UserRow = { id: string; name: string; email: string; image: string | null; role: string; membership: string };

/** The one mapping from a users row to the wire shape of API.md. */
export const toUser = (row: UserRow): User => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  photo: row.image,
  role: row.role === 'Admin' ? 'Admin' : 'Client',
  membership: row.membership === 'Gold' ? 'Gold' : 'Bronze',
});

export async function findUserByEmail(db: Db, email: string): Promise<User | null> {
  const row = await db.selectFrom('users').select(userColumns).where('email', '=', email).where('banned_at', 'is', null).executeTakeFirst();
  return row ? toUser(row) : null;
}

export async function updateUserProfile(db: Db, id: string, fields: { name?: string; image?: string }): Promise<number> {
  if (fields.name === undefined && fields.image === undefined) return 0;
  const result = await db
    .updateTable('users')
    .set({ ...fields, updated_at: nowIso() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function setUserRole(db: Db, email: string, role: 'Admin' | 'Client'): Promise<number> {
  const result = await db
    .updateTable('users')
    .set({ role, updated_at: nowIso() })
    .where('email', '=', email)
    .where('role', '!=', role)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
