import { sql, type Kysely } from 'kysely';
import { ConfigError } from '../config/env.ts';
import type { DB } from './schema.ts';
import { isDatabaseUnreachable } from './unreachable.ts';

/** How long start-up waits for a PostgreSQL not reachable yet (one starting beside the forum). */
const START_WAIT_MS = 30_000;
const RETRY_MS = 1000;

/**
 * Where DATABASE_URL points, without its credentials. Read as the driver reads it: a URL with
 * no host before its path (`postgres://user@/forum?host=/run/postgresql`) is one, which the
 * URL parser refuses; a URL the driver could not read either is named by what can be said.
 */
export function whereIs(databaseUrl: string): string {
  const url = URL.parse(databaseUrl) ?? URL.parse(databaseUrl.replace('@/', '@_/'));
  if (!url) return 'the address in DATABASE_URL';
  const host = url.searchParams.get('host') ?? (url.host === '_' ? '' : url.host);
  return `${host}${url.pathname}`;
}

/**
 * Start-up asks PostgreSQL before anything else: while it is unreachable (starting too, or a
 * network not up yet) the forum waits for it, saying so once; a database that refuses the forum
 * (no such database, a wrong password) or stays unreachable stops the start with one sentence
 * that says why, instead of a migration's stack trace.
 */
export async function waitForDatabase(
  db: Kysely<DB>,
  databaseUrl: string,
  options: { waitMs?: number; onWait?: (message: string) => void } = {},
): Promise<void> {
  const waitMs = options.waitMs ?? START_WAIT_MS;
  const deadline = Date.now() + waitMs;
  let told = false;
  for (;;) {
    try {
      await sql`select 1`.execute(db);
      return;
    } catch (error) {
      const reason = (error instanceof Error && (error.message || (error as { code?: string }).code)) || String(error);
      if (!isDatabaseUnreachable(error) || Date.now() >= deadline) {
        throw new ConfigError(
          `PostgreSQL at ${whereIs(databaseUrl)} cannot be used: ${reason}. Check DATABASE_URL, and that the database server runs and accepts connections from here.`,
        );
      }
      if (!told)
        options.onWait?.(`PostgreSQL at ${whereIs(databaseUrl)} is not reachable yet (${reason}); waiting up to ${waitMs / 1000} s.`);
      told = true;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}
