/**
 * Check-ins and her safety contact as stored (docs/product.md §16, migration 0018). Presses lock the booking and then
 * the check-in row, so presses of one visit and the alert job's claim (alerts.ts) take turns.
 */
import { and, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { GRACE_MINUTES, type CheckInState, type SafetySettings } from '@shared/schemas/check-in';
import type { DbOrTx } from '../../db/client';
import { bookings, checkIns, safetySettings } from '../../db/schema';

export type CheckInRow = typeof checkIns.$inferSelect;

export const DEFAULT_SAFETY: SafetySettings = {
  contactName: '',
  contactEmail: '',
  graceMinutes: GRACE_MINUTES.default,
  enabled: false,
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toCheckInState(row: CheckInRow): CheckInState {
  return {
    bookingId: row.bookingId,
    arrivedAt: iso(row.arrivedAt),
    arrivedAtFromServer: row.arrivedAtFromServer,
    leftAt: iso(row.leftAt),
    leftAtFromServer: row.leftAtFromServer,
    overdueAlertAt: iso(row.overdueAlertAt),
    allClearAt: iso(row.allClearAt),
  };
}

export async function readSafety(db: DbOrTx): Promise<SafetySettings> {
  const [row] = await db.select().from(safetySettings).where(eq(safetySettings.id, 1));
  if (!row) return DEFAULT_SAFETY;
  const { contactName, contactEmail, graceMinutes, enabled } = row;
  return { contactName, contactEmail, graceMinutes, enabled };
}

export async function writeSafety(db: DbOrTx, s: SafetySettings, now = new Date()): Promise<SafetySettings> {
  await db
    .insert(safetySettings)
    .values({ id: 1, ...s, updatedAt: now })
    .onConflictDoUpdate({ target: safetySettings.id, set: { ...s, updatedAt: now } });
  return readSafety(db);
}

/** The booking a press is for, locked (presses of one visit take turns). */
export async function lockBooking(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({
      id: bookings.id,
      status: bookings.status,
      address: bookings.address,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
    })
    .from(bookings)
    .where(eq(bookings.id, id))
    .for('update');
  return row ?? null;
}

export async function checkInOf(tx: DbOrTx, bookingId: number, lock = false): Promise<CheckInRow | null> {
  const query = tx.select().from(checkIns).where(eq(checkIns.bookingId, bookingId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The check-in a press id was recorded in, if any (as arrival or as leaving). */
export async function checkInByPress(tx: DbOrTx, pressId: string): Promise<CheckInRow | null> {
  const [row] = await tx
    .select()
    .from(checkIns)
    .where(sql`${checkIns.arrivedPressId} = ${pressId}::uuid OR ${checkIns.leftPressId} = ${pressId}::uuid`);
  return row ?? null;
}

export async function insertArrival(
  tx: DbOrTx,
  v: { bookingId: number; at: Date; fromServer: boolean; pressId: string },
): Promise<CheckInRow> {
  const [row] = await tx
    .insert(checkIns)
    .values({ bookingId: v.bookingId, arrivedAt: v.at, arrivedAtFromServer: v.fromServer, arrivedPressId: v.pressId })
    .returning();
  return row!;
}

/** Records 'Leaving'; after an alert, also its all-clear (once: all_clear_at is set here only). */
export async function recordLeaving(
  tx: DbOrTx,
  v: { bookingId: number; at: Date; fromServer: boolean; pressId: string; allClearAt: Date | null },
): Promise<CheckInRow> {
  const [row] = await tx
    .update(checkIns)
    .set({ leftAt: v.at, leftAtFromServer: v.fromServer, leftPressId: v.pressId, allClearAt: v.allClearAt })
    .where(and(eq(checkIns.bookingId, v.bookingId), isNull(checkIns.leftAt)))
    .returning();
  return row!;
}

/** The check-ins of the visits on an NZ date. */
export async function checkInsOn(db: DbOrTx, date: string): Promise<CheckInRow[]> {
  const rows = await db
    .select({ c: checkIns })
    .from(checkIns)
    .innerJoin(bookings, eq(bookings.id, checkIns.bookingId))
    .where(eq(bookings.date, date))
    .orderBy(bookings.startsAt);
  return rows.map((r) => r.c);
}

/** Arrived, not left, not alerted, confirmed, and past end + grace (but not longer ago than `oldest`). */
export async function overdueCandidates(db: DbOrTx, graceMinutes: number, now: Date, oldest: Date) {
  const graceMs = graceMinutes * 60_000;
  return db
    .select({ bookingId: checkIns.bookingId })
    .from(checkIns)
    .innerJoin(bookings, eq(bookings.id, checkIns.bookingId))
    .where(
      and(
        isNull(checkIns.leftAt),
        isNull(checkIns.overdueAlertAt),
        eq(bookings.status, 'confirmed'),
        lte(bookings.endsAt, new Date(now.getTime() - graceMs)),
        gte(bookings.endsAt, new Date(oldest.getTime() - graceMs)),
      ),
    );
}

/**
 * The claim: marks the candidates alerted, only those still open and not alerted. Under several processes
 * the second UPDATE waits for the first's row lock, then finds overdue_alert_at set and skips the row, so
 * each visit is answered by one claim only.
 */
export async function claimOverdue(tx: DbOrTx, bookingIds: number[], now: Date) {
  if (bookingIds.length === 0) return [];
  const claimed = await tx
    .update(checkIns)
    .set({ overdueAlertAt: now })
    .where(and(inArray(checkIns.bookingId, bookingIds), isNull(checkIns.overdueAlertAt), isNull(checkIns.leftAt)))
    .returning();
  if (claimed.length === 0) return [];
  const visits = await tx
    .select({ id: bookings.id, address: bookings.address, endsAt: bookings.endsAt })
    .from(bookings)
    .where(
      inArray(
        bookings.id,
        claimed.map((c) => c.bookingId),
      ),
    );
  const byId = new Map(visits.map((v) => [v.id, v]));
  return claimed.map((c) => ({ checkIn: c, visit: byId.get(c.bookingId)! }));
}
