import { isIPv6, type AddressInfo } from 'node:net';
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
  let migrated: string[];
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    migrated = await migrateToLatest(database.db);
    await keepTempTablesInMemory(database.db);
    app = await buildApp({ config, database, webRoot: options.webRoot, rendererModule: options.rendererModule });
  } catch (error) {
    // Closed before the process exits: the checkpoint worker may still be loading the SQLite
    // driver, and a process ending under that load aborts natively on Node 26.
    await database.close().catch(() => {});
    throw error;
  }
  // What an upgrade changed in the database, said once (nothing on a start that ran none).
  if (migrated.length > 0) {
    app.log.info(`database: ran ${migrated.length} migration${migrated.length === 1 ? '' : 's'} (${migrated.join(', ')})`);
  }
  const durability = await durabilityWarning(database.db);
  if (durability) app.log.warn(durability);
  for (const message of config.warnings) app.log.warn(message);
  warn = (message) => app.log.warn(message);

  let closing = false;
  // A second signal does not hurry the stop: Ctrl-C under npm reaches the server twice at once,
  // from the terminal and forwarded by npm.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A stop that cannot finish says so before it exits, so its log does not just end.
    const force = setTimeout(() => {
      app.log.error({ signal }, 'stop cut short: requests still open after 10 s');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      // Every request answered, every stream ended, the database closed: a stop that ends
      // without this line was cut short.
      app.log.info({ signal }, 'stopped');
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
  console.log(`${config.siteName} is serving on ${localAddress(config.host, (app.server.address() as AddressInfo).port)} (${engine})`);
}

/**
 * Where the server answers, as an address to open: localhost when it listens on every address,
 * else the HOST it was given; the port is the one it has (PORT=0 takes any free one).
 */
function localAddress(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '::') return `http://localhost:${port}`;
  return `http://${isIPv6(host) ? `[${host}]` : host}:${port}`;
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
