import { loadConfig } from '../config/env.ts';
import { createDb } from '../db/create-db.ts';
import { migrateToLatest } from '../db/migrate.ts';

/** The same database the server would use (DATA_DIR / DATABASE_URL), migrated. */
export async function openDatabase() {
  const config = loadConfig();
  const database = createDb(config);
  await migrateToLatest(database.db, database.dialect);
  return { config, ...database };
}
