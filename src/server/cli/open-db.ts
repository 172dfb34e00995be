import { existsSync, mkdirSync } from 'node:fs';
import { ConfigError, loadConfig } from '../config/env.ts';
import { createDb } from '../db/create-db.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { waitForDatabase } from '../db/wait-for-database.ts';
import { exitOnUnsupportedNode } from '../node-support.ts';
import { standaloneWritePath } from '../write-path/reactions.ts';

/**
 * The same database the server would use (DATA_DIR / DATABASE_URL), migrated, and a write path
 * on it. Only the seed (`create`) makes a SQLite forum that is not there: for the other tools a
 * missing file is a mistyped DATA_DIR, said as such rather than answered from a new, empty forum.
 * What the operator has to put right (a setting, a database that refuses or cannot be reached,
 * one a newer version migrated) is said in the server's sentence and exits 1, without a stack
 * trace; a tool does not wait for PostgreSQL as the server's start does.
 */
export async function openDatabase({ create = false }: { create?: boolean } = {}) {
  exitOnUnsupportedNode();
  try {
    const config = loadConfig(process.env, { tool: true });
    if (!config.databaseUrl && !existsSync(config.sqlitePath)) {
      if (!create) throw new ConfigError(`No forum database at ${config.sqlitePath} (set DATA_DIR to the server's).`);
      mkdirSync(config.dataDir, { recursive: true });
    }
    const database = createDb(config);
    try {
      if (config.databaseUrl) await waitForDatabase(database.db, config.databaseUrl, { waitMs: 0 });
      await migrateToLatest(database.db);
    } catch (error) {
      await database.close();
      throw error;
    }
    return { config, ...database, writes: standaloneWritePath(database) };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
