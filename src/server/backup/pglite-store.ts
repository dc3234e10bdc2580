/**
 * Backup and restore of the embedded store (PGlite under DATA_DIR/pglite). PGlite is one
 * process's database, so both need the folder to themselves: while the server runs, its lock
 * (db/client.ts) refuses them with a clear message and nothing is touched.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { takeDirLock } from '../db/client';
import { checkWritable, finishFile, partialPath } from './write-file';

// The server's lock file; a restored copy must not carry the backup process's id.
const LOCK_FILE = 'homevisit.pid';

function lockFor(dir: string, action: 'back up' | 'restore'): () => void {
  try {
    return takeDirLock(dir);
  } catch (err) {
    throw new Error(
      `Cannot ${action} the embedded database while the server runs. ${(err as Error).message} ` +
        'Nothing was changed. (docs/deploy.md, Backups: stop the server, run this, start it again.)',
      { cause: err },
    );
  }
}

/** A consistent copy of the data dir (PGlite's own dump, after a checkpoint) as a gzip tarball at `file`. */
export async function backupPglite(dir: string, file: string, options: { force?: boolean } = {}): Promise<number> {
  if (!fs.existsSync(path.join(dir, 'PG_VERSION')))
    throw new Error(`There is no embedded database in ${dir} (check DATA_DIR)`);
  checkWritable(file, options.force ?? false);
  const release = lockFor(dir, 'back up');
  try {
    const pg = await PGlite.create(dir);
    try {
      await pg.exec('CHECKPOINT');
      const tarball = await pg.dumpDataDir('gzip');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(partialPath(file), Buffer.from(await tarball.arrayBuffer()));
    } finally {
      await pg.close();
    }
    return finishFile(file);
  } catch (err) {
    fs.rmSync(partialPath(file), { force: true });
    throw err;
  } finally {
    release();
  }
}

export interface PgliteRestoreResult {
  /** Where the folder that was there before went (with --force), kept until you delete it. */
  setAside: string | null;
}

/**
 * Unpacks a backup into `dir`, which must be missing or empty unless `force`: then the old
 * folder is renamed aside (not deleted) and put back if the restore fails.
 */
export async function restorePglite(
  file: string,
  dir: string,
  options: { force?: boolean; now?: Date } = {},
): Promise<PgliteRestoreResult> {
  const tarball = new Blob([fs.readFileSync(file)]);
  let setAside: string | null = null;
  if (!isEmptyDir(dir)) {
    if (!options.force)
      throw new Error(`${dir} is not empty: pass --force to set the current database aside and restore over it`);
    // Refuses while the server runs; the lock file moves aside with the folder.
    lockFor(dir, 'restore');
    setAside = `${dir}.before-restore-${(options.now ?? new Date())
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z')
      .replace(/:/g, '-')}`;
    fs.renameSync(dir, setAside);
    fs.rmSync(path.join(setAside, LOCK_FILE), { force: true });
  }
  fs.mkdirSync(dir, { recursive: true });
  const release = lockFor(dir, 'restore');
  try {
    const pg = await PGlite.create(dir, { loadDataDir: tarball });
    try {
      // Proves the copy opens and holds this application's tables.
      await pg.query('SELECT count(*) FROM schema_migrations');
    } finally {
      await pg.close();
    }
  } catch (err) {
    release();
    fs.rmSync(dir, { recursive: true, force: true });
    if (setAside) fs.renameSync(setAside, dir);
    throw new Error(`The restore failed and nothing was changed: ${(err as Error).message}`, { cause: err });
  }
  // Also removes the backup process's lock file that came inside the tarball.
  release();
  return { setAside };
}

function isEmptyDir(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}
