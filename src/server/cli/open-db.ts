import { loadConfig } from '../config/env.ts';
import { createDb } from '../db/create-db.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { exitOnUnsupportedNode } from '../node-support.ts';
import { standaloneWritePath } from '../write-path/reactions.ts';

/** The same database the server would use (DATA_DIR / DATABASE_URL), migrated, and a write path on it. */
export async function openDatabase() {
  exitOnUnsupportedNode();
  const config = loadConfig();
  const database = createDb(config);
  await migrateToLatest(database.db);
  return { config, ...database, writes: standaloneWritePath(database) };
}
