import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config/env.ts';
import type { Database } from '../db/create-db.ts';
import type { DB } from '../db/schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The validated configuration (config/env.ts). */
    config: AppConfig;
    /** For reads; writes go through `writePath`. */
    db: Kysely<DB>;
    /** The database as opened (its lifecycle stays with whoever opened it). */
    database: Database;
  }
}

/** The configuration and the database, for every plugin and route registered after it. */
export const dbPlugin = fp(
  async (app: FastifyInstance, opts: { config: AppConfig; database: Database }) => {
    app.decorate('config', opts.config);
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
  },
  { name: 'db' },
);
