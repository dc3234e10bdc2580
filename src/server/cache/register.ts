/** One public cache per app, fed by the database's change notifications (docs/performance.md). */
import type { FastifyInstance } from 'fastify';
import { PLACES_FORGET_SIGNAL, startChangeFeed } from './change-feed';
import { createPublicCache, type CachedTable, type PublicCache } from './public-cache';

const WRITTEN_EVERYWHERE: readonly CachedTable[] = ['bookings', 'calendar_busy', 'other_calendars', 'waitlist_offers'];

declare module 'fastify' {
  interface FastifyInstance {
    /** Public data served from memory; see src/server/cache/public-cache.ts. */
    publicCache: PublicCache;
    /**
     * Run `listener` when `table` changes, in this process or another (the change feed), and when the feed comes back
     * after a break (changes may have been missed). Her settings (docs/product.md §19) read their row again this way.
     */
    onTableChange(table: string, listener: () => void): void;
  }
}

/** The travel and drive caches hold addresses and places: an erasure empties them. */
export function forgetPlaces(app: FastifyInstance): void {
  app.travel.forget();
  app.drives.forget();
}

export async function registerPublicCache(app: FastifyInstance): Promise<void> {
  // Off until the change feed says changes reach this process.
  const cache = createPublicCache({ live: false });
  app.decorate('publicCache', cache);
  const listeners = new Map<string, Array<() => void>>();
  app.decorate('onTableChange', (table: string, listener: () => void) => {
    listeners.set(table, [...(listeners.get(table) ?? []), listener]);
  });
  const feed = await startChangeFeed(app.database, {
    onChange: (table) => {
      if (table === PLACES_FORGET_SIGNAL) forgetPlaces(app);
      else cache.invalidate(table);
      for (const listener of listeners.get(table) ?? []) listener();
    },
    onLive: (live) => {
      cache.setLive(live);
      if (live) for (const group of listeners.values()) for (const listener of group) listener();
    },
    log: app.log,
  });
  app.addHook('onClose', () => feed.stop());
  // On a PostgreSQL server the notification of a commit reaches this process a moment later, so a
  // write request also drops what it may have changed before it answers: whoever reads after it
  // (the visitor who just booked, her next screen) reads the new rows. The catalogue's own routes
  // drop their tables by name; bookings and her calendars are written from many places.
  app.addHook('onSend', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    for (const table of WRITTEN_EVERYWHERE) cache.invalidate(table);
  });
}
