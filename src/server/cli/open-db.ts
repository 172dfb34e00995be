import { existsSync, mkdirSync } from 'node:fs';
import { loadConfig } from '../config/env.ts';
import { createDb } from '../db/create-db.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { exitOnUnsupportedNode } from '../node-support.ts';
import { standaloneWritePath } from '../write-path/reactions.ts';

/**
 * The same database the server would use (DATA_DIR / DATABASE_URL), migrated, and a write path
 * on it. Only the seed (`create`) makes a SQLite forum that is not there: for the other tools a
 * missing file is a mistyped DATA_DIR, said as such rather than answered from a new, empty forum.
 */
export async function openDatabase({ create = false }: { create?: boolean } = {}) {
  exitOnUnsupportedNode();
  const config = loadConfig(process.env, { tool: true });
  if (!config.databaseUrl && !existsSync(config.sqlitePath)) {
    if (!create) {
      console.error(`No forum database at ${config.sqlitePath} (set DATA_DIR to the server's).`);
      process.exit(1);
    }
    mkdirSync(config.dataDir, { recursive: true });
  }
  const database = createDb(config);
  await migrateToLatest(database.db);
  return { config, ...database, writes: standaloneWritePath(database) };
}
