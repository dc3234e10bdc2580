import { openDatabase, type DatabaseOptions } from '../db/client';

/** A line to check a restore by: the counts of what matters most. */
export async function summarizeDatabase(options: DatabaseOptions): Promise<string> {
  const database = await openDatabase({ ...options, poolSize: 1 });
  try {
    const { rows } = await database.withSession((s) =>
      s.query<{ bookings: number; outbox: number; sessions: number; migrations: number }>(
        `SELECT (SELECT count(*)::int FROM bookings) AS bookings, (SELECT count(*)::int FROM email_outbox) AS outbox,
                (SELECT count(*)::int FROM sessions) AS sessions, (SELECT count(*)::int FROM schema_migrations) AS migrations`,
      ),
    );
    const c = rows[0]!;
    return `${c.bookings} bookings, ${c.outbox} e-mails in the outbox, ${c.sessions} sessions, ${c.migrations} migrations applied`;
  } finally {
    await database.close();
  }
}
