import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { reactionsFor } from '../write-path/reactions.ts';
import { createWritePath, type WritePath } from '../write-path/write-path.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one way to write (write-path/write-path.ts). */
    writePath: WritePath;
  }
}

export const writePathPlugin = fp(
  async (app: FastifyInstance) => {
    const writePath = createWritePath(app.db, {
      reactions: reactionsFor({
        database: app.database,
        readCache: app.readCache,
        mail: { mailer: app.mailer, siteName: app.config.siteName, publicUrl: app.config.publicUrl, authSecret: app.config.authSecret },
        live: { bus: app.live.bus, onError: (error) => app.log.error({ err: error }, 'a live event could not be published') },
      }),
      onReactionError: (reaction, error) => app.log.error({ err: error, reaction }, 'a reaction after a committed write failed'),
    });
    app.decorate('writePath', writePath);
  },
  { name: 'write-path', dependencies: ['db', 'read-cache', 'mail', 'live'] },
);
