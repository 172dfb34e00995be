import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig, type AppConfig } from '../config/env.ts';
import { createDb, keepTempTablesInMemory, type Database } from '../db/create-db.ts';
import { engineOf, type Engine } from '../db/engine.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { DB } from '../db/schema.ts';
import type { WritePath } from '../write-path/write-path.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<DB>;
  database: Database;
  engine: Engine;
  writePath: WritePath;
  config: AppConfig;
  close(): Promise<void>;
}

/** A fresh PostgreSQL database per test app, made on the server TEST_DATABASE_URL names. */
async function freshPostgresDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `cc_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * The real server on a real, freshly migrated database: a new SQLite file by default, or a
 * new PostgreSQL database when TEST_DATABASE_URL is set.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: {
    logStream?: { write(line: string): void };
    /** The web app's pages: a folder with an index.html, and the first view's renderer (plugins/spa.ts). */
    webRoot?: string;
    rendererModule?: string;
    /** The PostgreSQL server to make the fresh database on, when not TEST_DATABASE_URL's. */
    postgresBase?: string;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cc-test-'));
  const pgBase = options.postgresBase ?? process.env.TEST_DATABASE_URL;
  const pgDb = pgBase ? await freshPostgresDatabase(pgBase) : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    RATE_LIMIT: 'off',
    PUBLIC_URL: 'http://localhost:3000',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const database = createDb({ ...config, poolSize: 5 });
  await migrateToLatest(database.db);
  await keepTempTablesInMemory(database.db);
  const web = { webRoot: options.webRoot ?? null, rendererModule: options.rendererModule ?? null };
  // No log unless a test reads it (it then sets LOG_LEVEL too).
  const app = options.logStream
    ? await buildApp({ config, database, logger: true, logStream: options.logStream, ...web })
    : await buildApp({ config, database, logger: false, ...web });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    engine: engineOf(database.db),
    writePath: app.writePath,
    config,
    async close() {
      await app.close();
      await database.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * On PostgreSQL, a database made under a language's locale (as `createdb` makes one on a server
 * set up in en_US): its text sorts by that language's rules, not by characters. On SQLite, none.
 */
export async function languageSortedDatabase(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { env: {}, drop: async () => {} };
  const name = `cc_test_en_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`create database ${name} template template0 locale_provider icu icu_locale 'en-US'`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { env: { DATABASE_URL: url.toString() }, drop: () => run(`drop database if exists ${name} with (force)`) };
}
