import type { Kysely } from 'kysely';
import { type Args, prepared } from '../../db/prepared.ts';
import type { DB } from '../../db/schema.ts';

// Read for each notification mail (several per comment): compiled once.
const mailRecipientQuery = prepared((db, a: Args<{ memberId: string }>) =>
  db.selectFrom('users').select(['email', 'banned_at']).where('id', '=', a.memberId),
);

/** Where a member's mail goes, and whether they may get any (a banned member gets none). */
export async function findMailRecipient(db: Kysely<DB>, memberId: string): Promise<{ email: string; banned: boolean } | null> {
  const row = await mailRecipientQuery.executeTakeFirst(db, { memberId });
  return row ? { email: row.email, banned: row.banned_at !== null } : null;
}
