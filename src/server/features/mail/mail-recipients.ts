import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { findLiveComments, findMailRecipients } from './mail.queries.ts';

/** Rows read together at most: those of the mails next in line, not of the whole queue. */
const READ_AT_ONCE = 32;

interface Wanted<V> {
  /** Mails queued that need this row and whose turn has not come yet (those `found` is for, once read). */
  mails: number;
  /** The read that holds the row, once one is under way. */
  found?: Promise<V | undefined>;
  /**
   * Mails queued once that read was under way: it is not theirs. Sharing it, a member who kept
   * getting mail through a backlog kept one read for as long as any mail of theirs waited, and a
   * ban, a setting turned off or a new address went unseen by mails queued hours later.
   */
  later: number;
}

/** The recipients' addresses, ban and settings, read as readsAtTurn says. */
export const mailRecipients = (db: Kysely<DB>) => readsAtTurn((ids) => findMailRecipients(db, ids));

/** Whether the comments the mails are about are still there, read the same way. */
export const liveComments = (db: Kysely<DB>) => readsAtTurn((ids) => findLiveComments(db, ids));

/**
 * Rows a mail is written from, read when its turn comes (so a member banned meanwhile gets
 * nothing), but for the mails queued behind it as well: under a load of comments each write
 * queued a read of its own, one round trip to the database per comment; now mails that wait
 * for their turn share one. A mail that is not queued after all (a full queue, a server
 * stopping) is given back with `drop`, so nothing is kept for it; a mail tried again reads anew.
 */
function readsAtTurn<V>(read: (ids: readonly string[]) => Promise<Map<string, V>>) {
  const wanted = new Map<string, Wanted<V>>();

  const readFor = (first: string): void => {
    const ids = [first];
    for (const [id, w] of wanted) {
      if (ids.length >= READ_AT_ONCE) break;
      if (!w.found && id !== first) ids.push(id);
    }
    const reading = read(ids);
    for (const id of ids) wanted.get(id)!.found = reading.then((rows) => rows.get(id));
  };

  const release = (id: string): void => {
    const w = wanted.get(id);
    if (!w || --w.mails > 0) return;
    // The mails queued after the read have their turn still to come: they read again.
    if (w.later > 0) wanted.set(id, { mails: w.later, later: 0 });
    else wanted.delete(id);
  };

  return {
    /** A mail that needs this row is queued. */
    expect(id: string): void {
      const w = wanted.get(id);
      if (!w) wanted.set(id, { mails: 1, later: 0 });
      else if (w.found) w.later += 1;
      else w.mails += 1;
    },
    /** It was not queued after all (the mail last expected for this row). */
    drop(id: string): void {
      const w = wanted.get(id);
      if (w && w.later > 0) w.later -= 1;
      else release(id);
    },
    /** The row, when the mail's turn has come; undefined for none. */
    async take(id: string): Promise<V | undefined> {
      let w = wanted.get(id);
      if (!w) wanted.set(id, (w = { mails: 1, later: 0 }));
      if (!w.found) readFor(id);
      try {
        return await w.found;
      } finally {
        release(id);
      }
    },
    /** Rows with a mail still to come (for tests). */
    get size(): number {
      return wanted.size;
    },
  };
}
