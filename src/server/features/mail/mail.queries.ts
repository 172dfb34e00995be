import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** Where a member's mail goes, and whether they may get any (a banned member gets none). */
export async function findMailRecipient(db: Kysely<DB>, memberId: string): Promise<{ email: string; banned: boolean } | null> {
  const row = await db.selectFrom('users').select(['email', 'banned_at']).where('id', '=', memberId).executeTakeFirst();
  return row ? { email: row.email, banned: row.banned_at !== null } : null;
}
