/** One public cache per app, fed by the database's change notifications (issue 14). */
import type { FastifyInstance } from 'fastify';
import { startChangeFeed } from './change-feed';
import { createPublicCache, type PublicCache } from './public-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** Public data served from memory; see src/server/cache/public-cache.ts. */
    publicCache: PublicCache;
  }
}

export async function registerPublicCache(app: FastifyInstance): Promise<void> {
  // Off until the change feed says changes reach this process.
  const cache = createPublicCache({ live: false });
  app.decorate('publicCache', cache);
  const feed = await startChangeFeed(app.database, {
    onChange: (table) => cache.invalidate(table),
    onLive: (live) => cache.setLive(live),
    log: app.log,
  });
  app.addHook('onClose', () => feed.stop());
}
