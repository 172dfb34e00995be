import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export const BANNED_MESSAGE = 'This account has been banned from the community.';

/** Whether the (normalised, see emailSchema) email is on the ban list. */
export async function isEmailBanned(db: Kysely<DB>, email: string): Promise<boolean> {
  const row = await db.selectFrom('banned_emails').select('email').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}
