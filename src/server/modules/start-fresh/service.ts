/**
 * 'Start fresh' (docs/product.md §2 Settings): the demo's services, reviews, bookings and clients go, with
 * everything that hangs off them, in one transaction, and the example service of a production start takes their
 * place. Her account, sessions, settings, hours, blocked dates, calendars, feed and phones stay.
 *
 * Payments and receipts are tax records (migration 0019 refuses to delete a payment): when any exists nothing is
 * removed. The demo writes none, so this only stops a site that has taken real money.
 */
import { sql } from 'drizzle-orm';
import type { StartFreshRemoved } from '@shared/schemas/start-fresh';
import { PLACES_FORGET_SIGNAL, TABLE_CHANGES_CHANNEL } from '../../cache/change-feed';
import type { Db } from '../../db/client';
import { insertExampleService } from '../../db/seed';

/**
 * Everything Start fresh empties. One TRUNCATE of them all: the tables that refer to each other (bookings and series)
 * go together, and a table added later that refers to one of them stops it loudly instead of being left pointing at
 * nothing. Payments and receipts are in the list only because they refer to bookings: they are empty by then.
 */
const EMPTIED = [
  'services',
  'reviews',
  'bookings',
  'series',
  'series_occurrences',
  'check_ins',
  'visit_notes',
  'visit_note_amendments',
  'health_forms',
  'payments',
  'receipts',
  // A gift voucher given for a demo visit goes with it; the vouchers themselves are money, and stay.
  'voucher_redemptions',
  'clients',
  'client_contacts',
  'client_alerts',
  'client_access_log',
  'waitlist_entries',
  'waitlist_offers',
  'waitlist_freed_dates',
  'email_outbox',
  // The demo's texts go with its bookings; the STOP list (sms_opt_outs) stays: a STOP is honoured for good.
  'sms_outbox',
  'push_outbox',
  'idempotency_keys',
] as const;

export type StartFreshResult = { outcome: 'done'; removed: StartFreshRemoved } | { outcome: 'money-kept' };

const count = (table: string) => sql.raw(`(SELECT count(*) FROM ${table})::int`);

export async function startFresh(db: Db): Promise<StartFreshResult> {
  return db.transaction(async (tx) => {
    // Nothing is written to these tables while the counts are read and they are emptied (a payment recorded meanwhile
    // would otherwise go with them).
    await tx.execute(sql.raw(`LOCK TABLE ${EMPTIED.join(', ')} IN ACCESS EXCLUSIVE MODE`));
    const result: unknown = await tx.execute(sql`SELECT
        ${count('payments')} AS payments, ${count('receipts')} AS receipts,
        ${count('services')} AS services, ${count('reviews')} AS reviews, ${count('bookings')} AS bookings,
        ${count('clients')} AS clients, ${count('waitlist_entries')} AS waitlist, ${count('series')} AS series,
        ${count('email_outbox')} AS emails`);
    const row = (result as { rows: Record<string, number>[] }).rows[0];
    const n = (key: string) => Number(row?.[key] ?? 0);
    if (n('payments') + n('receipts') > 0) return { outcome: 'money-kept' };

    await tx.execute(sql.raw(`TRUNCATE ${EMPTIED.join(', ')}`));
    await insertExampleService(tx);
    // Every process forgets the addresses and places it remembers (the clients' are gone), as after an erasure.
    await tx.execute(sql`SELECT pg_notify(${TABLE_CHANGES_CHANNEL}, ${PLACES_FORGET_SIGNAL})`);
    return {
      outcome: 'done',
      removed: {
        services: n('services'),
        reviews: n('reviews'),
        bookings: n('bookings'),
        clients: n('clients'),
        waitlist: n('waitlist'),
        series: n('series'),
        emails: n('emails'),
      },
    };
  });
}
