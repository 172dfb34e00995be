import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { ConfigError } from '../config/env.ts';
import { engineOf, type Engine } from './engine.ts';
import type { DB } from './schema.ts';
import * as m0001 from './migrations/0001-initial.ts';
import * as m0002 from './migrations/0002-tag-post-counts.ts';
import * as m0003 from './migrations/0003-activity-week.ts';
import * as m0008 from './migrations/0008-counter-shards.ts';
import * as m0011 from './migrations/0011-tag-popularity-index.ts';
import * as m0012 from './migrations/0012-markdown.ts';
import * as m0013 from './migrations/0013-search.ts';
import * as m0014 from './migrations/0014-users-created-index.ts';
import * as m0015 from './migrations/0015-notifications.ts';
import * as m0016 from './migrations/0016-notifications-read-split.ts';
import * as m0017 from './migrations/0017-notifications-one-unread-per-post.ts';
import * as m0018 from './migrations/0018-audience-covering-indexes.ts';
import * as m0019 from './migrations/0019-search-docs-post-index.ts';
import * as m0020 from './migrations/0020-post-participants.ts';
import * as m0021 from './migrations/0021-notification-mail-holds.ts';
import * as m0022 from './migrations/0022-reports-keep-the-comment.ts';
import * as m0023 from './migrations/0023-reports-keep-the-comment-html.ts';
import * as m0024 from './migrations/0024-search-terms-version.ts';
import * as m0025 from './migrations/0025-checkout-attempt.ts';
import * as m0026 from './migrations/0026-notifications-first-at.ts';
import * as m0027 from './migrations/0027-announcements-edited-at.ts';
import * as m0028 from './migrations/0028-comment-and-announcement-headings.ts';

type EngineMigration = { up(db: Kysely<unknown>, engine: Engine): Promise<void> };

// Migrations are listed here (not read from disk) so the bundled server carries them.
const migrations: Record<string, EngineMigration> = {
  '0001-initial': m0001,
  '0002-tag-post-counts': m0002,
  '0003-activity-week': m0003,
  '0008-counter-shards': m0008,
  '0011-tag-popularity-index': m0011,
  '0012-markdown': m0012,
  '0013-search': m0013,
  '0014-users-created-index': m0014,
  '0015-notifications': m0015,
  '0016-notifications-read-split': m0016,
  '0017-notifications-one-unread-per-post': m0017,
  '0018-audience-covering-indexes': m0018,
  '0019-search-docs-post-index': m0019,
  '0020-post-participants': m0020,
  '0021-notification-mail-holds': m0021,
  '0022-reports-keep-the-comment': m0022,
  '0023-reports-keep-the-comment-html': m0023,
  '0024-search-terms-version': m0024,
  '0025-checkout-attempt': m0025,
  '0026-notifications-first-at': m0026,
  '0027-announcements-edited-at': m0027,
  '0028-comment-and-announcement-headings': m0028,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly engine: Engine) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(migrations).map(([name, m]) => [name, { up: (db: Kysely<unknown>) => m.up(db, this.engine) }]),
    );
  }
}

/** Runs the migrations this database has not run yet, and answers their names. */
export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  // Migrations are written so that none depends on one with a higher number, and they may land
  // in another order than their numbers: a database that already ran a later one still gets an
  // earlier one that arrived after it.
  const migrator = new Migrator({ db, provider: new StaticProvider(engineOf(db)), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (failed) throw new Error(`Migration ${failed.migrationName} failed: ${String(error)}`);
  if (error) {
    // Kysely refuses a database that ran a migration it does not know as "corrupted", before it
    // runs anything: it is a newer version's database (a downgrade, or a restore into an older
    // build), untouched, and the operator is better told so: in a sentence, not a stack trace.
    const unknown = await unknownMigrations(db);
    if (unknown.length > 0) {
      throw new ConfigError(
        `This database was migrated by a newer version of Code Commons (${unknown.join(', ')} is unknown to this one); ` +
          'it was left as it was. Run that version, or restore a backup taken with this one.',
      );
    }
    throw new Error(`Migrating the database failed: ${String(error)}`);
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

async function unknownMigrations(db: Kysely<DB>): Promise<string[]> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    return rows.map((row) => row.name).filter((name) => !(name in migrations));
  } catch {
    return []; // no migration table: nothing ran, and the error is another one
  }
}
