import type { Database } from '../db/create-db.ts';
import { countersLedger } from '../features/counters/counters.ledger.ts';
import type { LiveBus } from '../features/live/live.bus.ts';
import { liveReaction } from '../features/live/live.reaction.ts';
import type { Mailer } from '../features/mail/mail-queue.ts';
import { notificationMails } from '../features/mail/mail.reaction.ts';
import { notificationRows } from '../features/notifications/notifications.reaction.ts';
import { searchIndex } from '../features/search/search.index.ts';
import { readCacheInvalidation, type ReadCache } from '../lib/read-cache.ts';
import { createWritePath, type Reaction, type WritePath } from './write-path.ts';

/**
 * Every reaction to every write, in the order they run: this list is the one place a new
 * concern that must follow writes is added.
 */
export function reactionsFor(deps: {
  database: Database;
  readCache: ReadCache | null;
  /** The server's live bus, and where its failures are reported; none outside the server. */
  live?: { bus: LiveBus; onError: (error: unknown) => void } | null;
  /** The server's mail queue; processes without one (the seed, `npm run admin`) send no mail. */
  mail?: { mailer: Mailer; siteName: string; publicUrl: string; authSecret: string } | null;
}): Reaction[] {
  return [
    // Inside the transaction.
    countersLedger,
    searchIndex,
    notificationRows,
    // After the commit.
    ...(deps.readCache ? [readCacheInvalidation(deps.readCache)] : []),
    // SQLite copies its log into the database file from a worker told after each batch.
    { name: 'checkpointer', afterCommit: () => deps.database.committed() },
    // Queues the live events and returns: publishing never holds the answer.
    ...(deps.live ? [liveReaction({ db: deps.database.db, ...deps.live })] : []),
    ...(deps.mail ? [notificationMails({ db: deps.database.db, config: deps.mail, mailer: deps.mail.mailer })] : []),
  ];
}

/**
 * The write path of a process without the server (the seed, `npm run admin`): the same
 * reactions, with no read cache of its own (a running server's cache is its own to keep).
 */
export function standaloneWritePath(database: Database): WritePath {
  return createWritePath(database.db, {
    reactions: reactionsFor({ database, readCache: null }),
    onReactionError: (reaction, error) => console.error(`The ${reaction} reaction failed after a committed write:`, error),
  });
}
