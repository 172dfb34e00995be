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

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const sentence = listenFailure(error, config.host, config.port);
    if (!sentence) throw error;
    await app.close();
    await database.close();
    throw new ConfigError(sentence);
  }
  const engine = config.databaseUrl ? 'PostgreSQL' : `SQLite at ${config.sqlitePath}`;
  console.log(`${config.siteName} is serving on http://localhost:${config.port} (${engine})`);
}

/** Why the server cannot listen where PORT and HOST say, in a sentence; null for another failure. */
function listenFailure(error: unknown, host: string, port: number): string | null {
  const { code, syscall } = error as NodeJS.ErrnoException;
  if (syscall !== 'listen' && syscall !== 'getaddrinfo') return null;
  const where = `Cannot listen on ${host} port ${port}`;
  switch (code) {
    case 'EADDRINUSE':
      return `${where}: another process listens there. Stop it, or set PORT (or HOST) to another.`;
    case 'EACCES':
      return `${where}: this user may not open that port. Set PORT to 1024 or above.`;
    case 'EADDRNOTAVAIL':
      return `${where}: ${host} is not an address of this machine. Set HOST to one of its addresses, or 0.0.0.0 for all of them.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${where}: ${host} is not a name this machine can look up. Set HOST to one of its addresses, or 0.0.0.0 for all of them.`;
    default:
      return `${where}: ${(error as Error).message}.`;
  }
}

export { ConfigError };
