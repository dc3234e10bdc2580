/** Pure parts of backup and restore: file names, telling the two kinds of backup apart, libpq's connection. */

export type StoreKind = 'pglite' | 'postgres';

/** The file name of a backup taken at `now` (UTC, sortable, no colons for Windows copies). */
export function defaultBackupName(kind: StoreKind, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
  return kind === 'postgres' ? `homevisit-${stamp}.pgdump` : `homevisit-${stamp}.pglite.tar.gz`;
}

/**
 * Which store a backup file is for, from its first bytes: pg_dump's custom format starts
 * with "PGDMP"; an embedded-store backup is PGlite's data dir as a gzip (or plain) tarball.
 */
export function backupKindOf(head: Uint8Array): StoreKind | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (ascii(0, 5) === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (ascii(257, 262) === 'ustar') return 'pglite';
  return null;
}

export interface LibpqConnection {
  /** For --dbname: the URL without its password. */
  dbname: string;
  /** PGPASSWORD when the URL had one, so it never shows in the process list. */
  env: Record<string, string>;
}

/**
 * DATABASE_URL as pg_dump and pg_restore take it. node-postgres' `ssl=true` is not a libpq
 * parameter: it becomes sslmode=require.
 */
export function libpqConnection(databaseUrl: string): LibpqConnection {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw new Error('DATABASE_URL is not a valid URL (postgres://user:password@host:5432/database)');
  }
  const env: Record<string, string> = {};
  if (url.password) {
    env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = '';
  }
  const ssl = url.searchParams.get('ssl');
  if (ssl !== null) {
    url.searchParams.delete('ssl');
    if (!url.searchParams.has('sslmode') && (ssl === 'true' || ssl === '1')) url.searchParams.set('sslmode', 'require');
  }
  return { dbname: url.toString(), env };
}

/** A file size for people: 812 KB, 4.6 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
