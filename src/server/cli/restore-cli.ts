/**
 * npm run restore -- FILE [--force]
 * Puts a backup from npm run backup back into the configured database. A database that is
 * not empty is only replaced with --force (an embedded one is renamed aside, not deleted).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { backupKindOf } from '../backup/backup-file';
import { restorePglite } from '../backup/pglite-store';
import { restorePostgres } from '../backup/postgres-store';
import { fromUserCwd, storeName, storeOf } from '../backup/store';
import { summarizeDatabase } from '../backup/summary';
import { loadConfig, type AppConfig } from '../config';
import { configuredKeyIds } from '../secret-box';

/** Whether this server has the key the restored secrets are sealed with (a backup never holds it). */
function restoredKeyLine(keyId: string | null, config: AppConfig): string {
  if (!keyId) return 'Its secrets name no key yet: any key will do.';
  const { ids, where } = configuredKeyIds(config);
  return ids.includes(keyId)
    ? `Its secrets are sealed with key ${keyId}, which ${where} holds.`
    : `Its secrets are sealed with key ${keyId}, which ${where} does not hold: put that key in place (the key file ` +
        'from the old DATA_DIR, or SECRET_KEY as it was) before starting, or the app will refuse to start.';
}

const USAGE = `Usage: npm run restore -- FILE [--force]
Restores FILE (from npm run backup) into the configured database: DATABASE_URL, else the
embedded one in DATA_DIR. Stop the app first. Without --force the database must be empty;
with it, a PostgreSQL database's tables are replaced, and an embedded one is renamed aside.`;

function readHead(file: string): Uint8Array {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(512);
    return head.subarray(0, fs.readSync(fd, head, 0, head.length, 0));
  } finally {
    fs.closeSync(fd);
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean' }, help: { type: 'boolean' } },
  });
  if (values.help || positionals.length !== 1) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 1);
  }
  const file = fromUserCwd(positionals[0]!);
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist`);
  const config = loadConfig();
  const store = storeOf(config);
  const kind = backupKindOf(readHead(file));
  if (!kind) throw new Error(`${file} is not a backup made by npm run backup`);
  if (kind !== store.kind) {
    throw new Error(
      `${file} is a backup of ${storeName(kind)}, but this configuration uses ${storeName(store.kind)} (check DATABASE_URL)`,
    );
  }
  const force = values.force ?? false;
  if (store.kind === 'postgres') {
    await restorePostgres(file, store.databaseUrl, { force });
  } else {
    const { setAside } = await restorePglite(file, store.dir, { force });
    if (setAside) console.log(`The database that was there is kept in ${setAside}; delete it once you are happy.`);
  }
  const summary = await summarizeDatabase(
    store.kind === 'postgres' ? { databaseUrl: store.databaseUrl } : { pgliteDir: store.dir },
  );
  console.log(`Restored ${file}: ${summary.text}.`);
  console.log(restoredKeyLine(summary.keyId, config));
  console.log('Start (or restart) the app now.');
}

main().catch((err: unknown) => {
  console.error(`Error: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
