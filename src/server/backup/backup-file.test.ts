import { describe, expect, it } from 'vitest';
import { backupKindOf, defaultBackupName, formatSize, libpqConnection } from './backup-file';

const bytes = (text: string, at = 0) => {
  const head = new Uint8Array(512);
  head.set(new TextEncoder().encode(text), at);
  return head;
};

describe('defaultBackupName', () => {
  const now = new Date('2026-03-05T21:07:09.123Z');
  it('names the UTC time, sortable and without colons', () => {
    expect(defaultBackupName('postgres', now)).toBe('homevisit-2026-03-05T21-07-09Z.pgdump');
    expect(defaultBackupName('pglite', now)).toBe('homevisit-2026-03-05T21-07-09Z.pglite.tar.gz');
  });
});

describe('backupKindOf', () => {
  it("knows pg_dump's custom format, and PGlite's tarball gzipped or plain", () => {
    expect(backupKindOf(bytes('PGDMP\x01\x0f'))).toBe('postgres');
    expect(backupKindOf(Uint8Array.of(0x1f, 0x8b, 8, 0))).toBe('pglite');
    expect(backupKindOf(bytes('ustar', 257))).toBe('pglite');
  });
  it('answers null for anything else (a plain SQL dump, an empty file)', () => {
    expect(backupKindOf(bytes('-- PostgreSQL database dump'))).toBeNull();
    expect(backupKindOf(new Uint8Array(0))).toBeNull();
  });
});

describe('libpqConnection', () => {
  it('moves the password out of the URL into PGPASSWORD', () => {
    expect(libpqConnection('postgres://app:s%40cret@db.example.nz:5432/homevisit')).toEqual({
      dbname: 'postgres://app@db.example.nz:5432/homevisit',
      env: { PGPASSWORD: 's@cret' },
    });
  });
  it('leaves a URL without a password as it is', () => {
    expect(libpqConnection('postgres://app@127.0.0.1:5433/hv?sslmode=verify-full')).toEqual({
      dbname: 'postgres://app@127.0.0.1:5433/hv?sslmode=verify-full',
      env: {},
    });
  });
  it("turns node-postgres' ssl=true into sslmode=require", () => {
    expect(libpqConnection('postgres://app@h/hv?ssl=true').dbname).toBe('postgres://app@h/hv?sslmode=require');
    expect(libpqConnection('postgres://app@h/hv?ssl=true&sslmode=verify-ca').dbname).toBe(
      'postgres://app@h/hv?sslmode=verify-ca',
    );
  });
  it('refuses something that is not a URL', () => {
    expect(() => libpqConnection('not a url')).toThrow(/DATABASE_URL is not a valid URL/);
  });
});

describe('formatSize', () => {
  it('answers KB under a megabyte (at least 1) and MB with one decimal above', () => {
    expect(formatSize(10)).toBe('1 KB');
    expect(formatSize(812 * 1024)).toBe('812 KB');
    expect(formatSize(4.6 * 1024 * 1024)).toBe('4.6 MB');
  });
});
