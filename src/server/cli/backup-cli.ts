/**
 * npm run backup [-- --out FILE] [--force]
 * PostgreSQL (DATABASE_URL): pg_dump, safe while the app runs. Embedded store (DATA_DIR):
 * PGlite's own dump of the data dir, with the server stopped (it refuses otherwise).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { defaultBackupName, formatSize } from '../backup/backup-file';
import { backupPglite } from '../backup/pglite-store';
import { backupPostgres } from '../backup/postgres-store';
import { fromUserCwd, storeName, storeOf } from '../backup/store';
import { loadConfig } from '../config';
import { configuredKeyIds } from '../secret-box';

const USAGE = `Usage: npm run backup [-- --out FILE] [--force]
Backs up the configured database (DATABASE_URL, else the embedded one in DATA_DIR)
to FILE, by default backups/homevisit-<UTC time>.pgdump (or .pglite.tar.gz).
--force replaces FILE if it exists. Restore with: npm run restore -- FILE`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, force: { type: 'boolean' }, help: { type: 'boolean' } },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const store = storeOf(config);
  const file = fromUserCwd(values.out ?? path.join('backups', defaultBackupName(store.kind, new Date())));
  const force = values.force ?? false;
  const bytes =
    store.kind === 'postgres'
      ? await backupPostgres(store.databaseUrl, file, { force })
      : await backupPglite(store.dir, file, { force });
  console.log(`Backed up ${storeName(store.kind)} to ${file} (${formatSize(bytes)}).`);
  const { ids, where } = configuredKeyIds(config);
  console.log(
    `This backup does not hold the secret key${ids[0] ? ` (${ids[0]}, in ${where})` : ''}: without it, calendar ` +
      'passwords, alerts, health forms, notes and injury details cannot be read after a restore. Keep the key safe, apart from the backups.',
  );
}

main().catch((err: unknown) => {
  console.error(`Error: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
