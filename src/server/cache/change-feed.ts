/**
 * Tells this process when a cached table changes, whoever wrote it: a statement trigger
 * (migration 0005) sends NOTIFY on TABLE_CHANGES_CHANNEL with the table's name.
 *
 * PGlite is one process: its notifications arrive before the writing query resolves.
 * On a PostgreSQL server other processes write too, so a dedicated connection LISTENs;
 * while it is down the cache is switched off (every read goes to the database), and when
 * it is back the cache starts empty, since changes may have been missed meanwhile.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client';

export const TABLE_CHANGES_CHANNEL = 'hv_table_changes';
/**
 * Sent on the same channel when a client's erasure commits (clients/erasure.ts): every process
 * forgets the addresses and places it remembers, some of which were that client's.
 */
export const PLACES_FORGET_SIGNAL = 'hv:forget-places';
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 10_000;

export interface ChangeFeedHandlers {
  /** A table named `table` changed (committed). */
  onChange(table: string): void;
  /** Whether changes are reaching this process (false while the listener is down). */
  onLive(live: boolean): void;
  log: FastifyBaseLogger;
}

export interface ChangeFeed {
  stop(): Promise<void>;
}

/** The driver client behind the Drizzle handle (drizzle keeps it as `$client`). */
const driverClient = <T>(database: Database): T => (database.db as unknown as { $client: T }).$client;

export async function startChangeFeed(database: Database, handlers: ChangeFeedHandlers): Promise<ChangeFeed> {
  if (database.kind === 'pglite') {
    const unlisten = await driverClient<PGlite>(database).listen(TABLE_CHANGES_CHANNEL, (table) =>
      handlers.onChange(table),
    );
    handlers.onLive(true);
    return {
      async stop() {
        // The database may already be closed by its owner.
        await unlisten().catch(() => {});
      },
    };
  }
  return listenOnServer(driverClient<pg.Pool>(database).options, handlers);
}

async function listenOnServer(poolOptions: pg.PoolConfig, handlers: ChangeFeedHandlers): Promise<ChangeFeed> {
  const { connectionString, host, port, user, password, database, ssl } = poolOptions;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay = RETRY_FIRST_MS;
  let stopped = false;

  const lost = (client: pg.Client, err?: unknown) => {
    if (stopped) return;
    if (current === client) {
      current = null;
      handlers.onLive(false);
      handlers.log.warn({ err }, 'change feed lost: cached public data is off until it reconnects');
    }
    if (current || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, delay);
    delay = Math.min(delay * 2, RETRY_MAX_MS);
  };

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString, host, port, user, password, database, ssl, keepAlive: true });
    client.on('notification', (message) => handlers.onChange(message.payload ?? ''));
    client.on('error', (err) => lost(client, err));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${TABLE_CHANGES_CHANNEL}`);
    } catch (err) {
      lost(client, err);
      await client.end().catch(() => {});
      return;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    delay = RETRY_FIRST_MS;
    // Listening from now on: start from an empty cache (setLive clears it).
    handlers.onLive(true);
  }

  await connect();
  return {
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const client = current;
      current = null;
      await client?.end().catch(() => {});
    },
  };
}
