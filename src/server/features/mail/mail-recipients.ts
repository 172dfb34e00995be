import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { findMailRecipients, type MailRecipient } from './mail.queries.ts';

/** Addresses read together at most: those of the mails next in line, not of the whole queue. */
const READ_AT_ONCE = 32;

interface Wanted {
  /** Mails queued for this member whose turn has not come yet. */
  mails: number;
  /** The read that holds the member's address, once one is under way. */
  found?: Promise<MailRecipient | undefined>;
}

/**
 * The recipients' addresses, read when a mail's turn comes (so a member banned meanwhile gets
 * nothing), but for the mails queued behind it as well: under a load of comments each write
 * queued a read of its own, one round trip to the database per comment; now mails that wait
 * for their turn share one. A mail that is not queued after all (a full queue, a server
 * stopping) is given back with `drop`, so nothing is kept for it.
 */
export function mailRecipients(db: Kysely<DB>) {
  const wanted = new Map<string, Wanted>();

  const readFor = (first: string): void => {
    const ids = [first];
    for (const [id, w] of wanted) {
      if (ids.length >= READ_AT_ONCE) break;
      if (!w.found && id !== first) ids.push(id);
    }
    const read = findMailRecipients(db, ids);
    for (const id of ids) wanted.get(id)!.found = read.then((found) => found.get(id));
  };

  const release = (id: string): void => {
    const w = wanted.get(id);
    if (w && --w.mails <= 0) wanted.delete(id);
  };

  return {
    /** A mail to this member is queued. */
    expect(id: string): void {
      const w = wanted.get(id);
      if (w) w.mails += 1;
      else wanted.set(id, { mails: 1 });
    },
    /** It was not queued after all. */
    drop: release,
    /** The member's address and ban, when the mail's turn has come; undefined for no such member. */
    async take(id: string): Promise<MailRecipient | undefined> {
      let w = wanted.get(id);
      if (!w) wanted.set(id, (w = { mails: 1 }));
      if (!w.found) readFor(id);
      try {
        return await w.found;
      } finally {
        release(id);
      }
    },
    /** Members with a mail still to come (for tests). */
    get size(): number {
      return wanted.size;
    },
  };
}
