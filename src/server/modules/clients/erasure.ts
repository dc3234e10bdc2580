/**
 * Erasing a client (docs/privacy.md "Erasure"): her 'Erase' on the client page, and the
 * retention job (retention.ts). One transaction, the client's row locked, so a booking landing on
 * the client meanwhile either comes before (and is erased) or after (and makes a new client).
 *
 * Three scopes:
 * - 'all': the person goes. Name, e-mails, phones, addresses, booking notes and injury details,
 *   health forms, notes, alerts, every e-mail about them (queued or sent), the replayable answers
 *   of their booking requests. Each booking keeps what the tax rules need (date, time, service,
 *   duration, price, travel fee, status, outcome) under 'Erased client'; its private link stops
 *   working and it leaves her calendar feed. The client row stays as an empty tombstone.
 * - 'contact' (retention, CLIENT_RETENTION_YEARS, while health records must still be kept): as
 *   'all' but the name, health forms and notes stay, so the health record still says whose it is.
 * - 'health' (retention, HEALTH_RETENTION_YEARS): the health forms and notes only.
 * The access log stays (it holds no personal details) and gains a line saying what was removed.
 */
import { sql } from 'drizzle-orm';
import type { ClientErasure } from '@shared/schemas/client';
import { PLACES_FORGET_SIGNAL, TABLE_CHANGES_CHANNEL } from '../../cache/change-feed';
import type { DbOrTx } from '../../db/client';
import { apiError, notFound } from '../../http/errors';
import { blankPaymentNotesOfClient } from '../payments/repository';
import { recordAccess } from './access-log';
import { CLIENT_NOT_FOUND } from './repository';

export type ErasureScope = 'all' | 'contact' | 'health';

/** What an erased booking and client are called wherever they still show (lists, CSV, day route). */
export const ERASED_FIRST_NAME = 'Erased';
export const ERASED_LAST_NAME = 'client';

export const HAS_UPCOMING_VISITS =
  'This client has upcoming visits. Cancel or decline them first, then erase the client.';

interface Counted {
  n: number | string;
}

const countOf = (result: unknown): number => Number((result as { rows: Counted[] }).rows[0]?.n ?? 0);

/** Rows touched by a statement ending in `RETURNING 1` (PGlite and node-postgres alike). */
const rowsOf = (result: unknown): number => (result as { rows: unknown[] }).rows.length;

export interface EraseOptions {
  scope: ErasureScope;
  actor: string;
  now: Date;
  /** Her erase refuses while visits are ahead; retention only reaches clients long gone. */
  refuseUpcoming: boolean;
}

export interface RetentionEraseOptions extends EraseOptions {
  /**
   * Retention: erase only if the client's last activity (retention.ts) is still before this, checked
   * under the lock, since a booking may have landed on the client since it was chosen.
   */
  inactiveBefore: Date;
}

/** The last activity of client `c`: their last booking's start or creation, or the record's creation. */
export const LAST_ACTIVITY_SQL = sql`GREATEST(c.created_at,
  (SELECT max(GREATEST(b.starts_at, b.created_at)) FROM bookings b WHERE b.client_id = c.id))`;

export async function eraseClient(tx: DbOrTx, clientId: number, options: EraseOptions): Promise<ClientErasure>;
export async function eraseClient(
  tx: DbOrTx,
  clientId: number,
  options: RetentionEraseOptions,
): Promise<ClientErasure | null>;
export async function eraseClient(
  tx: DbOrTx,
  clientId: number,
  options: EraseOptions & { inactiveBefore?: Date },
): Promise<ClientErasure | null> {
  const { scope, now } = options;
  const locked = await tx.execute(sql`SELECT id FROM clients WHERE id = ${clientId} AND erased_at IS NULL FOR UPDATE`);
  if (rowsOf(locked) === 0) throw notFound('CLIENT_NOT_FOUND', CLIENT_NOT_FOUND);
  if (options.inactiveBefore) {
    const still = await tx.execute(sql`SELECT count(*) AS n FROM clients c WHERE c.id = ${clientId}
      AND ${LAST_ACTIVITY_SQL} < ${options.inactiveBefore}`);
    if (countOf(still) === 0) return null;
  }

  if (options.refuseUpcoming) {
    const upcoming = await tx.execute(sql`SELECT count(*) AS n FROM bookings WHERE client_id = ${clientId}
      AND status IN ('pending', 'confirmed') AND ends_at > ${now}`);
    if (countOf(upcoming) > 0) throw apiError('CLIENT_HAS_UPCOMING_VISITS', HAS_UPCOMING_VISITS);
  }

  const removed = {
    healthForms: 0,
    notes: 0,
    noteAmendments: 0,
    alerts: 0,
    contacts: 0,
    addresses: 0,
    emails: 0,
    idempotencyRecords: 0,
  };

  if (scope !== 'contact') {
    removed.noteAmendments = countOf(
      await tx.execute(sql`SELECT count(*) AS n FROM visit_note_amendments a JOIN visit_notes n ON n.id = a.note_id
        WHERE n.client_id = ${clientId}`),
    );
    removed.notes = rowsOf(await tx.execute(sql`DELETE FROM visit_notes WHERE client_id = ${clientId} RETURNING 1`));
    removed.healthForms = rowsOf(
      await tx.execute(sql`DELETE FROM health_forms WHERE client_id = ${clientId} RETURNING 1`),
    );
  }

  // Payments stay (tax records, docs/product.md §18.1) without her notes on them, which may name the person or
  // their health: in every scope.
  await blankPaymentNotesOfClient(tx, clientId);

  let bookingsAnonymised = 0;
  if (scope !== 'health') {
    removed.alerts = rowsOf(await tx.execute(sql`DELETE FROM client_alerts WHERE client_id = ${clientId} RETURNING 1`));
    // Every e-mail address the client is known by: contacts, the client row and the bookings.
    const emails = sql`(SELECT value FROM client_contacts WHERE client_id = ${clientId} AND kind = 'email'
      UNION SELECT lower(btrim(email)) FROM clients WHERE id = ${clientId}
      UNION SELECT lower(btrim(email)) FROM bookings WHERE client_id = ${clientId})`;
    removed.emails = rowsOf(
      await tx.execute(sql`DELETE FROM email_outbox WHERE booking_id IN (SELECT id FROM bookings WHERE client_id = ${clientId})
        OR lower(btrim(to_address)) IN ${emails} RETURNING 1`),
    );
    // Their texts (decision 038): the number and the words of each (the count is the e-mails').
    await tx.execute(
      sql`DELETE FROM sms_outbox WHERE booking_id IN (SELECT id FROM bookings WHERE client_id = ${clientId})`,
    );
    // Their waitlist entries (docs/product.md §4 "Waitlist"), matched by e-mail as the outbox is: a held time goes to
    // the next person (the offers' delete trigger writes its 'time freed' row).
    await tx.execute(sql`DELETE FROM waitlist_entries WHERE lower(btrim(email)) IN ${emails}`);
    // A replayed booking request answers from these: they hold the booking as it was sent.
    removed.idempotencyRecords = rowsOf(
      await tx.execute(sql`DELETE FROM idempotency_keys WHERE response->>'id' IN
        (SELECT id::text FROM bookings WHERE client_id = ${clientId}) RETURNING 1`),
    );
    removed.contacts = rowsOf(
      await tx.execute(sql`DELETE FROM client_contacts WHERE client_id = ${clientId} RETURNING 1`),
    );
    removed.addresses = countOf(
      await tx.execute(sql`SELECT count(DISTINCT lower(btrim(address))) AS n FROM bookings
        WHERE client_id = ${clientId} AND erased_at IS NULL`),
    );
    const keepName = scope === 'contact';
    // Each its own random token (two UUIDs' worth): the old private link, and the health form behind
    // it, open nothing.
    bookingsAnonymised = rowsOf(
      await tx.execute(sql`UPDATE bookings SET
          first_name = ${keepName ? sql`first_name` : ERASED_FIRST_NAME},
          last_name = ${keepName ? sql`last_name` : ERASED_LAST_NAME},
          email = '', phone = '', address = '', notes = NULL, injury_details = NULL, has_injuries = false,
          admin_note = NULL, location_lat = NULL, location_lon = NULL, distance_km = NULL,
          cancel_token = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
          erased_at = ${now}, updated_at = ${now}
        WHERE client_id = ${clientId} AND erased_at IS NULL RETURNING 1`),
    );
    // After a 'contact' retention the bookings kept the name with the health records: now it goes too.
    if (!keepName) {
      await tx.execute(sql`UPDATE bookings SET first_name = ${ERASED_FIRST_NAME}, last_name = ${ERASED_LAST_NAME}
        WHERE client_id = ${clientId} AND (first_name <> ${ERASED_FIRST_NAME} OR last_name <> ${ERASED_LAST_NAME})`);
    }
    await tx.execute(sql`UPDATE clients SET email = '', phone = '', updated_at = ${now},
        first_name = ${keepName ? sql`first_name` : ''}, last_name = ${keepName ? sql`last_name` : ''},
        name_corrected_at = NULL, email_corrected_at = NULL, phone_corrected_at = NULL,
        contact_erased_at = ${now}, erased_at = ${keepName ? null : now}
      WHERE id = ${clientId}`);
    // A request that may have been this person is not any more (decision 034), and this client names no one.
    await tx.execute(sql`UPDATE clients SET possible_match_of = NULL
      WHERE possible_match_of = ${clientId} OR id = ${clientId}`);
    // Delivered on commit to every process: each forgets the addresses and places it remembers.
    await tx.execute(sql`SELECT pg_notify(${TABLE_CHANGES_CHANNEL}, ${PLACES_FORGET_SIGNAL})`);
  }

  const kept = {
    bookings: countOf(await tx.execute(sql`SELECT count(*) AS n FROM bookings WHERE client_id = ${clientId}`)),
    accessLog: countOf(
      await tx.execute(sql`SELECT count(*) AS n FROM client_access_log WHERE client_id = ${clientId}`),
    ),
  };
  await recordAccess(tx, {
    clientId,
    actor: options.actor,
    action: 'erase',
    detail: describeErasure(scope, removed, bookingsAnonymised),
  });
  return { removed, bookingsAnonymised, kept: { ...kept, accessLog: kept.accessLog + 1 } };
}

/** The access log's line: what went, in words, never whose. */
export function describeErasure(scope: ErasureScope, removed: ClientErasure['removed'], bookings: number): string {
  const parts = [
    `${removed.healthForms} health form(s)`,
    `${removed.notes} note(s)`,
    ...(scope === 'health' ? [] : [`${removed.emails} e-mail(s)`, `${bookings} booking(s) anonymised`]),
  ];
  const what = {
    all: 'Erased',
    contact: 'Contact details removed (retention)',
    health: 'Health records removed (retention)',
  };
  return `${what[scope]}: ${parts.join(', ')}`;
}
