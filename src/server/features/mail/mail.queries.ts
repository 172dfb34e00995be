import type { Kysely } from 'kysely';
import { type Args, listArgs, listOf, preparedByShape } from '../../db/prepared.ts';
import type { DB } from '../../db/schema.ts';

// Read for the notification mails of each committed write: one prepared query per list length.
const mailRecipientsQuery = preparedByShape(
  (n: number) => (db, a: Args<Record<string, string>>) =>
    db.selectFrom('users').select(['id', 'email', 'banned_at']).where('id', 'in', listOf(a, n)),
);

export interface MailRecipient {
  email: string;
  banned: boolean;
}

/** Where each member's mail goes, and whether they may get any (a banned member gets none), by id. */
export async function findMailRecipients(db: Kysely<DB>, memberIds: readonly string[]): Promise<Map<string, MailRecipient>> {
  if (memberIds.length === 0) return new Map();
  const rows = await mailRecipientsQuery(memberIds.length).execute(db, listArgs(memberIds));
  return new Map(rows.map((row) => [row.id, { email: row.email, banned: row.banned_at !== null }]));
}
