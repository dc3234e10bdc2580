import { openDatabase, type DatabaseOptions } from '../db/client';

/**
 * A line to check a restore by (the counts of what matters most), and the id of the key its secrets
 * are sealed with (key-rotation.ts): a backup never holds the key itself.
 */
export async function summarizeDatabase(options: DatabaseOptions): Promise<{ text: string; keyId: string | null }> {
  const database = await openDatabase({ ...options, poolSize: 1 });
  try {
    const { rows } = await database.withSession((s) =>
      s.query<{ bookings: number; outbox: number; sessions: number; migrations: number; key_id: string | null }>(
        `SELECT (SELECT count(*)::int FROM bookings) AS bookings, (SELECT count(*)::int FROM email_outbox) AS outbox,
                (SELECT count(*)::int FROM sessions) AS sessions, (SELECT count(*)::int FROM schema_migrations) AS migrations,
                (SELECT value FROM app_meta WHERE key = 'secret_key_id') AS key_id`,
      ),
    );
    const c = rows[0]!;
    return {
      text: `${c.bookings} bookings, ${c.outbox} e-mails in the outbox, ${c.sessions} sessions, ${c.migrations} migrations applied`,
      keyId: c.key_id,
    };
  } finally {
    await database.close();
  }
}
