import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findSessionExpiries } from '../auth/session-lookup.ts';
import { memoryBus, redisBus, type LiveBus } from '../features/live/live.bus.ts';
import { LiveHub } from '../features/live/live.hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live updates: the bus every instance shares, and this instance's open streams. */
    live: { bus: LiveBus; hub: LiveHub };
  }
}

/**
 * The live bus (in this process, or a Redis stream every instance reads when REDIS_URL is
 * set) and the hub of open event streams, which reads a member's session again once it may
 * have expired. The streams end before the server stops listening, so a graceful close never
 * waits for them.
 */
export const livePlugin = fp(
  async (app: FastifyInstance) => {
    const bus = app.redis
      ? await redisBus(app.redis, `${app.redisPrefix}live`, (error) =>
          app.log.warn({ err: error }, 'Redis is unavailable; live events wait until it is back'),
        )
      : memoryBus();
    const hub = new LiveHub(bus, app.config.live, (ids) => findSessionExpiries(app.db, ids));
    app.decorate('live', { bus, hub });
    app.addHook('preClose', (done) => {
      hub.close();
      done();
    });
    app.addHook('onClose', async () => bus.close());
  },
  { name: 'live', dependencies: ['db', 'redis'] },
);
