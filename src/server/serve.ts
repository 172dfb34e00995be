import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { createDb, keepTempTablesInMemory } from './db/create-db.ts';
import { durabilityWarning } from './db/durability.ts';
import { migrateToLatest } from './db/migrate.ts';
import { waitForDatabase } from './db/wait-for-database.ts';

/**
 * Starts the server; `webRoot` is the built web app it serves beside the API, `rendererModule`
 * the bundle that renders its first view (ADR 0015).
 */
export async function serve(options: { webRoot: string; rendererModule: string | null }): Promise<void> {
  const config = loadConfig();
  // Checkpoint failures are reported through the app's log once it exists.
  let warn = (message: string) => console.error(message);
  const database = createDb({
    ...config,
    poolSize: config.databasePoolSize,
    backgroundCheckpoints: true,
    onCheckpointError: (message) => warn(`SQLite checkpoint: ${message}`),
  });
  await database.ready;
  if (config.databaseUrl) await waitForDatabase(database.db, config.databaseUrl, { onWait: (message) => console.error(message) });
  await migrateToLatest(database.db);
  await keepTempTablesInMemory(database.db);
  const app = await buildApp({ config, database, webRoot: options.webRoot, rendererModule: options.rendererModule });
  const durability = await durabilityWarning(database.db);
  if (durability) app.log.warn(durability);
  for (const message of config.warnings) app.log.warn(message);
  warn = (message) => app.log.warn(message);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const engine = config.databaseUrl ? 'PostgreSQL' : `SQLite at ${config.sqlitePath}`;
  console.log(`${config.siteName} is serving on http://localhost:${config.port} (${engine})`);
}

export { ConfigError };
