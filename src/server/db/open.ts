import path from 'node:path';
import type { AppConfig } from '../config';
import { openDatabase, type Database } from './client';

/** The configured database: a PostgreSQL server with DATABASE_URL, else PGlite under DATA_DIR. */
export function openConfiguredDatabase(config: AppConfig): Promise<Database> {
  return openDatabase({
    databaseUrl: config.databaseUrl ?? undefined,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    poolSize: config.databasePoolSize,
  });
}
