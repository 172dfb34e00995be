import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { catchUpSearchIndex } from '../features/search/search.catch-up.ts';

/**
 * Once the server is ready, the search documents made with an older terms' rule are made again
 * in the background (features/search/search.catch-up.ts); nothing waits for it.
 */
export const searchCatchUpPlugin = fp(
  async (app: FastifyInstance) => {
    const stop = new AbortController();
    let running: Promise<unknown> = Promise.resolve();
    app.addHook('onReady', async () => {
      running = catchUpSearchIndex({ writePath: app.writePath, log: app.log, signal: stop.signal }).catch((error: unknown) =>
        app.log.error(
          { err: error },
          'search index: updating the documents made with an older rule failed; it is taken up again at the next start',
        ),
      );
    });
    // onClose runs once the server has stopped taking requests: the batch under way commits
    // (or fails) before the database is closed.
    app.addHook('onClose', async () => {
      stop.abort();
      await running;
    });
  },
  { name: 'search-catch-up', dependencies: ['write-path'] },
);
