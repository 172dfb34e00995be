import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The id of a member by (normalised) email; null when there is none. */
export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  return row?.id ?? null;
}
