import path from 'node:path';
import type { AppConfig } from '../config';
import type { StoreKind } from './backup-file';

export type Store = { kind: 'postgres'; databaseUrl: string } | { kind: 'pglite'; dir: string };

/** The configured store, as db/open.ts opens it: the server at DATABASE_URL, else PGlite in DATA_DIR/pglite. */
export function storeOf(config: AppConfig): Store {
  return config.databaseUrl
    ? { kind: 'postgres', databaseUrl: config.databaseUrl }
    : { kind: 'pglite', dir: path.join(config.dataDir, 'pglite') };
}

export const storeName = (kind: StoreKind) =>
  kind === 'postgres' ? 'the PostgreSQL database' : 'the embedded database';

/** A path typed on the command line: npm runs scripts in the project folder, INIT_CWD is where the user was. */
export const fromUserCwd = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
