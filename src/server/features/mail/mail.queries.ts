import type { Kysely } from 'kysely';
import { type Args, listArgs, listOf, preparedByShape } from '../../db/prepared.ts';
import type { DB } from '../../db/schema.ts';

// Read for the notification mails of each committed write: one prepared query per list length.
const mailRecipientsQuery = preparedByShape(
  (n: number) => (db, a: Args<Record<string, string>>) =>
    db.selectFrom('users').select(['id', 'email', 'banned_at', 'email_on_comment', 'email_on_reply']).where('id', 'in', listOf(a, n)),
);

const liveCommentsQuery = preparedByShape(
  (n: number) => (db, a: Args<Record<string, string>>) => db.selectFrom('comments').select('id').where('id', 'in', listOf(a, n)),
);

export interface MailRecipient {
  email: string;
  banned: boolean;
  /** The member's notification settings as they are now, not as when the notification was written. */
  emailOnComment: boolean;
  emailOnReply: boolean;
}

/** Where each member's mail goes, and whether they may get any (a banned member gets none), by id. */
export async function findMailRecipients(db: Kysely<DB>, memberIds: readonly string[]): Promise<Map<string, MailRecipient>> {
  if (memberIds.length === 0) return new Map();
  const rows = await mailRecipientsQuery(memberIds.length).execute(db, listArgs(memberIds));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        email: row.email,
        banned: row.banned_at !== null,
        emailOnComment: Number(row.email_on_comment) === 1,
        emailOnReply: Number(row.email_on_reply) === 1,
      },
    ]),
  );
}

/** Which of these comments are still there (a deleted one is mailed about no more), by id. */
export async function findLiveComments(db: Kysely<DB>, commentIds: readonly string[]): Promise<Map<string, true>> {
  if (commentIds.length === 0) return new Map();
  const rows = await liveCommentsQuery(commentIds.length).execute(db, listArgs(commentIds));
  return new Map(rows.map((row) => [row.id, true]));
}
