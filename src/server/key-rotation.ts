/**
 * Which key the database's secrets are sealed with, and replacing it (docs/security.md):
 * - at start, the key the data was sealed with (app_meta 'secret_key_id') must be one the server
 *   has, or it refuses to start with what to do: a server started with a new key file (a restore
 *   onto a new machine without DATA_DIR/secret.key) would otherwise seal new values with a key
 *   that cannot open the old ones;
 * - `npm run admin -- rotate-key` re-seals every value with the current key in one transaction;
 * - `npm run admin -- forget-secrets` is the way out when the old key is lost: it removes what can
 *   no longer be read, and says how much.
 * Every sealed column is listed once, in SEALED_COLUMNS. A column sealed after it first held plain
 * text (bookings.injury_details) may still hold some: sealPlainValues seals it at start, rotate-key
 * seals it too, and it is never counted as unreadable (nor forgotten).
 */
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from './db/client';
import { isSealedValue, SEALED_VALUE_PATTERN, type SecretBox } from './secret-box';

export interface SealedColumn {
  table: string;
  column: string;
  /** What forget-secrets does with a value it cannot read: clear it, or delete its row (a value that is the row). */
  forget: 'clear' | 'delete-row';
}

/** Every column that holds secret-box values. Each table has an integer `id`. */
export const SEALED_COLUMNS: readonly SealedColumn[] = [
  // A CalDAV account is its password: without it the calendar goes, busy times and all (she adds it again).
  { table: 'other_calendars', column: 'password_encrypted', forget: 'delete-row' },
  // The VAPID private key: a new pair is made on next need, and her phones turn notifications on again (push/vapid.ts).
  { table: 'push_vapid', column: 'private_key_encrypted', forget: 'delete-row' },
  { table: 'client_alerts', column: 'text_encrypted', forget: 'delete-row' },
  // A note that cannot be read is gone with its amendments (ON DELETE CASCADE); the booking's outcome stays.
  { table: 'visit_notes', column: 'body_encrypted', forget: 'delete-row' },
  { table: 'visit_note_amendments', column: 'body_encrypted', forget: 'delete-row' },
  // A health form is its answers: one that cannot be read goes (the client fills it in again).
  { table: 'health_forms', column: 'answers_encrypted', forget: 'delete-row' },
  { table: 'health_forms', column: 'consent_name_encrypted', forget: 'delete-row' },
  // The booking form's 'injuries or conditions' text (a health answer; has_injuries stays plain): one that
  // cannot be read is cleared, and the booking reads as 'has injuries', without details.
  { table: 'bookings', column: 'injury_details', forget: 'clear' },
  // Her Twilio auth token (decision 038): one that cannot be read is cleared, and she enters it again in Settings.
  { table: 'sms_settings', column: 'auth_token_encrypted', forget: 'clear' },
  // Her Stripe keys (decision 037): one that cannot be read is cleared (the environment's applies), she pastes it
  // again.
  { table: 'stripe_settings', column: 'secret_key_sealed', forget: 'clear' },
  { table: 'stripe_settings', column: 'webhook_secret_sealed', forget: 'clear' },
];

export const SECRET_KEY_ID_META = 'secret_key_id';

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

async function storedKeyId(db: DbOrTx): Promise<string | null> {
  const result = await db.execute(sql`SELECT value FROM app_meta WHERE key = ${SECRET_KEY_ID_META}`);
  return (result as { rows: { value: string }[] }).rows[0]?.value ?? null;
}

async function setStoredKeyId(db: DbOrTx, id: string): Promise<void> {
  await db.execute(sql`INSERT INTO app_meta (key, value) VALUES (${SECRET_KEY_ID_META}, ${id})
    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`);
}

async function sealedValues(db: DbOrTx, c: SealedColumn): Promise<{ id: number; value: string }[]> {
  const result = await db.execute(
    sql`SELECT id, ${ident(c.column)} AS value FROM ${ident(c.table)} WHERE ${ident(c.column)} IS NOT NULL ORDER BY id`,
  );
  return (result as { rows: { id: number; value: string }[] }).rows;
}

/** The sealed values no key of `box` opens, per column (plain text still to seal is not lost). */
async function unreadable(db: DbOrTx, box: SecretBox): Promise<{ column: SealedColumn; ids: number[] }[]> {
  const found: { column: SealedColumn; ids: number[] }[] = [];
  for (const column of SEALED_COLUMNS) {
    const ids: number[] = [];
    for (const row of await sealedValues(db, column)) {
      if (!isSealedValue(row.value)) continue;
      try {
        box.open(row.value);
      } catch {
        ids.push(row.id);
      }
    }
    if (ids.length > 0) found.push({ column, ids });
  }
  return found;
}

export type KeyCheck = 'current' | 'previous' | 'adopted';

/**
 * At start: 'current' when the data names this server's key; 'previous' when it names an older key
 * this server still has (a rotation to finish); 'adopted' when it names none yet, or a key whose
 * values are all readable anyway. Throws, saying what to do, when sealed values cannot be read.
 */
export async function checkSecretKey(db: DbOrTx, box: SecretBox): Promise<KeyCheck> {
  const stored = await storedKeyId(db);
  if (stored === box.keyId) return 'current';
  if (stored !== null && box.keyIds.includes(stored)) return 'previous';
  const lost = await unreadable(db, box);
  if (lost.length > 0) {
    const count = lost.reduce((n, l) => n + l.ids.length, 0);
    throw new Error(
      `${count} secret value(s) in this database were sealed with key ${stored ?? '(unnamed)'}, which this server ` +
        `does not have (it has ${box.keyIds.join(', ')}). Put back the key: DATA_DIR/secret.key from the old ` +
        'machine, or SECRET_KEY as it was (SECRET_KEY_PREVIOUS for an older one). If that key is lost for good, ' +
        '`npm run admin -- forget-secrets` removes what can no longer be read (docs/deploy.md, Keys).',
    );
  }
  await setStoredKeyId(db, box.keyId);
  return 'adopted';
}

export interface RotationResult {
  /** Values sealed again with the current key. */
  resealed: number;
  /** Values already sealed with it. */
  unchanged: number;
}

/**
 * Re-seals every value with `box`'s current key, in one transaction, and names that key as the data's.
 * Plain text still to seal is sealed too.
 */
export async function resealAll(database: Database, box: SecretBox): Promise<RotationResult> {
  return database.db.transaction(async (tx) => {
    const lost = await unreadable(tx, box);
    if (lost.length > 0)
      throw new Error(
        `Some values cannot be opened with the keys given (${lost.map((l) => `${l.column.table}: ${l.ids.length}`).join(', ')}); nothing was changed`,
      );
    let resealed = 0;
    let unchanged = 0;
    for (const column of SEALED_COLUMNS) {
      for (const row of await sealedValues(tx, column)) {
        if (box.sealedWithCurrent(row.value)) {
          unchanged++;
          continue;
        }
        const value = box.seal(isSealedValue(row.value) ? box.open(row.value) : row.value);
        await tx.execute(
          sql`UPDATE ${ident(column.table)} SET ${ident(column.column)} = ${value} WHERE id = ${row.id}`,
        );
        resealed++;
      }
    }
    await setStoredKeyId(tx, box.keyId);
    return { resealed, unchanged };
  });
}

/** Removes every value `box` cannot open (cleared, or its row deleted), and names `box`'s key as the data's. */
export async function forgetUnreadable(database: Database, box: SecretBox): Promise<Record<string, number>> {
  return database.db.transaction(async (tx) => {
    const removed: Record<string, number> = {};
    for (const { column, ids } of await unreadable(tx, box)) {
      const list = sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
      await tx.execute(
        column.forget === 'clear'
          ? sql`UPDATE ${ident(column.table)} SET ${ident(column.column)} = NULL WHERE id IN (${list})`
          : sql`DELETE FROM ${ident(column.table)} WHERE id IN (${list})`,
      );
      removed[`${column.table}.${column.column}`] = ids.length;
    }
    await setStoredKeyId(tx, box.keyId);
    return removed;
  });
}

/**
 * Seals the values of SEALED_COLUMNS that are still plain text (injury details stored before they were
 * sealed, or restored from an old backup), in one transaction; answers how many. At every start, after
 * checkSecretKey: a value already sealed is left as it is, and one another process sealed meanwhile
 * is not sealed twice (the UPDATE names the plain text it replaces).
 */
export async function sealPlainValues(database: Database, box: SecretBox): Promise<number> {
  return database.db.transaction(async (tx) => {
    let sealed = 0;
    for (const column of SEALED_COLUMNS) {
      const col = ident(column.column);
      const result = await tx.execute(
        sql`SELECT id, ${col} AS value FROM ${ident(column.table)}
          WHERE ${col} IS NOT NULL AND ${col} !~ ${SEALED_VALUE_PATTERN} ORDER BY id`,
      );
      for (const row of (result as { rows: { id: number; value: string }[] }).rows) {
        const updated = await tx.execute(
          sql`UPDATE ${ident(column.table)} SET ${col} = ${box.seal(row.value)}
            WHERE id = ${row.id} AND ${col} = ${row.value} RETURNING id`,
        );
        sealed += (updated as { rows: unknown[] }).rows.length;
      }
    }
    return sealed;
  });
}

/** The key the data names (for backup and restore messages). */
export const dataKeyId = storedKeyId;
