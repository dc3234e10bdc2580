import { and, asc, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { DEPOSIT_DUE_HOURS, type BookingStatus } from '@shared/constants';
import { HOUR_MS } from '@shared/time';
import type { AdminBooking, Booking } from '@shared/schemas/booking';
import type { DbOrTx } from '../../db/client';
import { bookings } from '../../db/schema';
import type { SecretBox } from '../../secret-box';
import { alertsFor, type AlertTexts } from '../clients/alert-texts';
import { possibleMatchesOf } from '../clients/match-view';
import { adminDepositFields } from '../deposits/view';
import { healthFor, noHealth, type HealthOf } from '../health-forms/health-of';
import { activeAt, notedBookings } from '../visits/repository';
import { balanceOf, paymentsOfBookings } from '../payments/ledger';
import { openInjuryDetails } from './injury-details';

export type BookingRow = typeof bookings.$inferSelect;
export type NewBookingRow = typeof bookings.$inferInsert;

/**
 * The booking as answered. `box` opens its injury details (sealed at rest, injury-details.ts); null
 * leaves them out, for the e-mails, which never show them.
 */
export const toBooking = (r: BookingRow, box: SecretBox | null): Booking => ({
  id: r.id,
  serviceLengthId: r.serviceId,
  serviceName: r.serviceName,
  date: r.date,
  time: r.time,
  duration: r.duration,
  price: r.price,
  travelCost: r.travelCost,
  distanceKm: r.distanceKm,
  travelTimeMinutes: r.travelTimeMinutes,
  isOutsideServiceArea: r.isOutsideServiceArea,
  travelUnresolved: r.travelUnresolved,
  address: r.address,
  hasInjuries: r.hasInjuries,
  injuryDetails: box ? openInjuryDetails(box, r.injuryDetails) : null,
  firstName: r.firstName,
  lastName: r.lastName,
  email: r.email,
  phone: r.phone,
  notes: r.notes,
  cancelToken: r.cancelToken,
  status: r.status,
  adminNote: r.adminNote,
  createdAt: r.createdAt.toISOString(),
  expiresAt: r.status === 'pending' && r.expiresAt ? r.expiresAt.toISOString() : null,
});

/**
 * Her screens' bookings: each with its client, their alerts, their health form's status and red
 * flags, its outcome and whether it has notes; each read in one query.
 */
export async function toAdminBookings(
  db: DbOrTx,
  rows: readonly BookingRow[],
  box: SecretBox,
  alertTexts: AlertTexts,
  healthOf: HealthOf = noHealth,
  deposit: { dueMs: number; now: Date } = { dueMs: DEPOSIT_DUE_HOURS * HOUR_MS, now: new Date() },
): Promise<AdminBooking[]> {
  const clientIds = rows.map((r) => r.clientId);
  const deposits = await adminDepositFields(db, rows, deposit.dueMs, deposit.now);
  const alerts = await alertTexts(clientIds);
  const matches = await possibleMatchesOf(db, rows);
  const health = await healthOf(clientIds);
  const noted = await notedBookings(
    db,
    rows.filter((r) => r.status === 'confirmed').map((r) => r.id),
  );
  const paid = await paymentsOfBookings(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const { status, flags } = healthFor(health, r.clientId);
    return {
      ...toBooking(r, box),
      clientId: r.clientId,
      clientAlerts: alertsFor(alerts, r.clientId),
      clientMatch: (r.clientId !== null && matches.get(r.clientId)) || null,
      healthFlags: flags,
      healthForm: status,
      outcome: r.outcome,
      lateCancellation: r.lateCancellation,
      hasNote: noted.has(r.id),
      ...deposits.get(r.id)!,
      balance: balanceOf(r, paid.get(r.id) ?? []),
      travelSource: r.travelSource,
      // Only on what she entered herself (docs/product.md §19): a visitor's request answers as it always has.
      ...(r.bookedBy === null ? {} : { bookedBy: r.bookedBy }),
      ...(r.overrideReason === null ? {} : { overrideReason: r.overrideReason }),
    };
  });
}

const byTime = [asc(bookings.date), asc(bookings.time), asc(bookings.id)];

export function createBookingsRepository(db: DbOrTx) {
  return {
    async insert(values: NewBookingRow): Promise<BookingRow> {
      const [row] = await db.insert(bookings).values(values).returning();
      return row!;
    },

    async findById(id: number): Promise<BookingRow | null> {
      const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
      return row ?? null;
    },

    /**
     * The row, locked until the caller's transaction ends, so a status change cannot slip
     * in between reading it and acting on it (the admin's reminder of a booking being cancelled).
     */
    async lockById(id: number): Promise<BookingRow | null> {
      const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).for('update');
      return row ?? null;
    },

    async findByToken(token: string): Promise<BookingRow | null> {
      const [row] = await db.select().from(bookings).where(eq(bookings.cancelToken, token));
      return row ?? null;
    },

    /**
     * The active bookings whose occupied range meets [from, to): the range (start, end = gap end)
     * for the slot rules, and the visit itself (date, session end, location) for the route rule.
     */
    async busyBetween(from: Date, to: Date, now: Date) {
      return db
        .select({
          start: bookings.startsAt,
          end: bookings.bufferEndsAt,
          date: bookings.date,
          startsAt: bookings.startsAt,
          endsAt: bookings.endsAt,
          locationLat: bookings.locationLat,
          locationLon: bookings.locationLon,
        })
        .from(bookings)
        .where(and(activeAt(now), sql`${bookings.startsAt} < ${to}`, sql`${bookings.bufferEndsAt} > ${from}`));
    },

    /** The calendar's range, rejected ones left out (docs/product.md §4). */
    async listRange(startDate: string, endDate: string): Promise<BookingRow[]> {
      return db
        .select()
        .from(bookings)
        .where(and(gte(bookings.date, startDate), lte(bookings.date, endDate), ne(bookings.status, 'rejected')))
        .orderBy(...byTime);
    },

    async listPending(now: Date): Promise<BookingRow[]> {
      return db
        .select()
        .from(bookings)
        .where(and(eq(bookings.status, 'pending'), sql`${bookings.expiresAt} > ${now}`))
        .orderBy(...byTime);
    },

    /**
     * The Appointments tab's counters (docs/product.md §2): confirmed bookings dated `today`,
     * and dated `today` or later. `today` is the Auckland date; the booking's date column is one too.
     */
    async countConfirmed(today: string): Promise<{ today: number; upcoming: number }> {
      const [row] = await db
        .select({
          today: sql<number>`count(*) FILTER (WHERE ${bookings.date} = ${today})`.mapWith(Number),
          upcoming: sql<number>`count(*)`.mapWith(Number),
        })
        .from(bookings)
        .where(and(eq(bookings.status, 'confirmed'), gte(bookings.date, today)));
      return row ?? { today: 0, upcoming: 0 };
    },

    /** The next `limit` confirmed bookings that have not started by `now`, by date and time. */
    async listNextConfirmed(now: Date, limit: number): Promise<BookingRow[]> {
      return db
        .select()
        .from(bookings)
        .where(and(eq(bookings.status, 'confirmed'), sql`${bookings.startsAt} > ${now}`))
        .orderBy(...byTime)
        .limit(limit);
    },

    async listAll(): Promise<BookingRow[]> {
      return db.select().from(bookings).orderBy(desc(bookings.date), desc(bookings.time), desc(bookings.id));
    },

    /**
     * Moves a booking to `to` only if its status is still one of `from` (a concurrent
     * change in between makes this answer null instead of overwriting it).
     */
    async changeStatus(
      id: number,
      from: readonly BookingStatus[],
      to: BookingStatus,
      changes: { adminNote?: string | null; now: Date; lateCancellation?: boolean },
    ): Promise<BookingRow | null> {
      const [row] = await db
        .update(bookings)
        .set({
          status: to,
          ...(changes.adminNote !== undefined ? { adminNote: changes.adminNote } : {}),
          ...(changes.lateCancellation ? { lateCancellation: true } : {}),
          expiresAt: null,
          statusChangedAt: changes.now,
          updatedAt: changes.now,
        })
        // An expired request can no longer be answered, even before the expiry job closes it.
        .where(
          and(
            eq(bookings.id, id),
            inArray(bookings.status, [...from]),
            sql`(${bookings.status} <> 'pending' OR ${bookings.expiresAt} > ${changes.now})`,
          ),
        )
        .returning();
      return row ?? null;
    },

    /**
     * Moves a booking to a new time in place (docs/product.md §4 "Changing a visit"): the same row, id and private
     * link, so its calendar UID stays and the ics_sequence trigger raises SEQUENCE. Only while it is still `status`
     * (the caller holds the row's lock); the exclusion constraint still has the last word on the new range.
     */
    async moveTo(
      id: number,
      status: BookingStatus,
      to: {
        date: string;
        time: string;
        startsAt: Date;
        endsAt: Date;
        bufferEndsAt: Date;
        expiresAt: Date | null;
        reminderQueuedAt: Date | null;
        smsReminderQueuedAt: Date | null;
        now: Date;
      },
    ): Promise<BookingRow | null> {
      const [row] = await db
        .update(bookings)
        .set({
          date: to.date,
          time: to.time,
          startsAt: to.startsAt,
          endsAt: to.endsAt,
          bufferEndsAt: to.bufferEndsAt,
          expiresAt: to.expiresAt,
          reminderQueuedAt: to.reminderQueuedAt,
          smsReminderQueuedAt: to.smsReminderQueuedAt,
          updatedAt: to.now,
        })
        .where(and(eq(bookings.id, id), eq(bookings.status, status)))
        .returning();
      return row ?? null;
    },

    /**
     * Closes pending requests nobody answered in time, so they stop holding their slot.
     * Rows locked by another transaction are left for the next run.
     */
    async expirePending(now: Date): Promise<BookingRow[]> {
      const due = db
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.status, 'pending'), lte(bookings.expiresAt, now)))
        .for('update', { skipLocked: true });
      return db
        .update(bookings)
        .set({ status: 'rejected', expiredAt: now, expiresAt: null, statusChangedAt: now, updatedAt: now })
        .where(inArray(bookings.id, due))
        .returning();
    },

    /**
     * Confirmed bookings whose reminder is due, marked as reminded in the same statement,
     * so each reminder is queued once however many processes run this. A booking
     * confirmed inside the reminder window already got its details in the confirmation.
     */
    async claimDueReminders(now: Date, leadMs: number): Promise<BookingRow[]> {
      const horizon = new Date(now.getTime() + leadMs);
      const due = db
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            eq(bookings.status, 'confirmed'),
            sql`${bookings.reminderQueuedAt} IS NULL`,
            sql`${bookings.startsAt} > ${now}`,
            sql`${bookings.startsAt} <= ${horizon}`,
            sql`${bookings.statusChangedAt} < ${bookings.startsAt} - make_interval(secs => ${leadMs / 1000})`,
          ),
        )
        .for('update', { skipLocked: true });
      return db.update(bookings).set({ reminderQueuedAt: now }).where(inArray(bookings.id, due)).returning();
    },
  };
}
export type BookingsRepository = ReturnType<typeof createBookingsRepository>;
