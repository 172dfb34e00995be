import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/env.ts';
import { backupSqlite, defaultBackupPath } from '../db/backup.ts';
import { createDb } from '../db/create-db.ts';
import { exitOnUnsupportedNode } from '../node-support.ts';

const help = `Usage: npm run backup -- [--to FILE]
Writes a consistent copy of the SQLite forum (DATA_DIR) while it runs, by default to
DATA_DIR/backups/code-commons-<time>.sqlite. To restore: stop the server, replace
DATA_DIR/code-commons.sqlite with the copy (and delete code-commons.sqlite-wal and -shm
beside it), start the server. On PostgreSQL (DATABASE_URL) use pg_dump / pg_restore.`;

async function main() {
  let values: { to?: string | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({ options: { to: { type: 'string' }, help: { type: 'boolean' } } }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${help}`);
    process.exitCode = 2;
    return;
  }
  if (values.help) {
    console.log(help);
    return;
  }
  let config;
  try {
    config = loadConfig(process.env, { tool: true });
  } catch (error) {
    // A bad setting (PORT, SMTP_URL…) read by the same rules as the server's: its sentence, not a stack trace.
    console.error(error instanceof ConfigError ? error.message : error);
    process.exitCode = 1;
    return;
  }
  if (config.databaseUrl) {
    console.error('This forum runs on PostgreSQL. Back it up with pg_dump, for example:');
    console.error('  pg_dump --format=custom --file=code-commons.dump "$DATABASE_URL"');
    // --if-exists: --clean alone fails on each object the database lacks (a new one, or one made
    // before a later migration), and pg_restore then exits 1 after a screenful of errors.
    console.error('and restore, with the servers stopped, with');
    console.error('  pg_restore --clean --if-exists --dbname="$DATABASE_URL" code-commons.dump');
    process.exitCode = 1;
    return;
  }
  if (!existsSync(config.sqlitePath)) {
    console.error(`No forum database at ${config.sqlitePath} (set DATA_DIR).`);
    process.exitCode = 1;
    return;
  }
  // npm runs its scripts from the project's folder: a relative --to means where it was typed.
  const typedIn = process.env.npm_lifecycle_event === 'backup' ? (process.env.INIT_CWD ?? process.cwd()) : process.cwd();
  const destination = values.to ? path.resolve(typedIn, values.to) : path.resolve(defaultBackupPath(config.dataDir));
  if (existsSync(destination)) {
    console.error(`${destination} already exists; choose another --to.`);
    process.exitCode = 1;
    return;
  }
  exitOnUnsupportedNode();
  let database;
  try {
    database = createDb(config);
  } catch (error) {
    // A DATA_DIR that is not the forum's, or that cannot be opened: the reason, in one sentence.
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
    return;
  }
  try {
    const started = Date.now();
    const { removedPartials } = await backupSqlite(database.db, destination);
    for (const name of removedPartials) console.log(`Removed ${name}, left by a backup that did not finish.`);
    console.log(`Backed up ${config.sqlitePath} to ${destination} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } catch (error) {
    // A full disk, a folder that cannot be written, a --to under a file: said in one sentence,
    // not as a stack trace (in the bundled tool, a screenful of minified source before it).
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`The backup failed: ${reason}. No backup was written to ${destination}.`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

void main();
