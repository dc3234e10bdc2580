import { and, gte, lte } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDaysToDate, nzInstant } from '../../src/shared/time';
import { blockedDates, businessHours } from '../../src/server/db/schema';
import { loadAvailabilityInput } from '../../src/server/modules/availability/repository';
import { createBookingsRepository } from '../../src/server/modules/bookings/repository';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';

// docs/performance.md: availability reads its inputs in one statement. It must answer what the three separate
// queries it replaced answered (hours, the range's blocks, bookings' busyBetween), whatever the
// bookings' statuses, expiry and place.
const t = useTestApp({ signedIn: true });

const byStart = (a: { start: Date }, b: { start: Date }) => a.start.getTime() - b.start.getTime();

describe('loadAvailabilityInput', () => {
  it('answers what the separate hours, blocks and bookings queries answer', async () => {
    const from = openDay(20);
    const to = openDay(25);
    const ids: number[] = [];
    for (const [date, time, address] of [
      [from, '09:00', '12 Bow Street, Raglan'],
      [from, '13:00', '4 Calvert Road, Whale Bay'],
      [openDay(21), '10:00', 'Nowhere Road 1, Unknownville'],
      [openDay(22), '11:00', '12 Bow Street, Raglan'],
      [openDay(23), '09:00', '12 Bow Street, Raglan'],
    ] as const) {
      const res = await book(t, bookingRequest({ date, time, address, email: `input${ids.length}@example.nz` }));
      expect(res.statusCode, `${date} ${time} ${address}: ${res.body}`).toBe(201);
      ids.push(res.json<{ id: number }>().id);
    }
    // One confirmed, one cancelled, one pending that has expired; the others stay pending.
    await t.sql(`UPDATE bookings SET status = 'confirmed', expires_at = NULL WHERE id = $1`, [ids[0]]);
    await t.sql(`UPDATE bookings SET status = 'cancelled', expires_at = NULL WHERE id = $1`, [ids[3]]);
    await t.sql(`UPDATE bookings SET expires_at = now() - interval '1 minute' WHERE id = $1`, [ids[4]]);
    await t.sql(
      `INSERT INTO blocked_dates (date, is_full_day, start_time, end_time) VALUES ($1, false, '15:00', '16:30'), ($2, true, NULL, NULL)`,
      [openDay(21), openDay(24)],
    );

    const db = t.database.db;
    const now = new Date();
    const input = await loadAvailabilityInput(db, from, to, now);

    const hours = await db.select().from(businessHours);
    expect(input.hours).toEqual(
      hours.map(({ dayOfWeek, isOpen, openTime, closeTime }) => ({ dayOfWeek, isOpen, openTime, closeTime })),
    );
    const blocks = await db
      .select()
      .from(blockedDates)
      .where(and(gte(blockedDates.date, from), lte(blockedDates.date, to)));
    expect(input.blocks).toEqual(
      blocks.map(({ date, isFullDay, startTime, endTime, reason }) => ({
        date,
        isFullDay,
        startTime,
        endTime,
        reason,
      })),
    );
    expect(input.blocks).toHaveLength(2);

    const busy = await createBookingsRepository(db).busyBetween(nzInstant(from), nzInstant(addDaysToDate(to, 1)), now);
    expect(busy.length).toBeGreaterThanOrEqual(3); // ours: confirmed, pending (located), pending (not located)
    // Each range also keeps where its session ends ('Why this time?').
    expect([...input.busy].sort(byStart)).toEqual(
      busy.map(({ start, end, endsAt }) => ({ start, end, sessionEnd: endsAt })).sort(byStart),
    );
    const visits = [...input.visitsByDate.entries()].flatMap(([date, vs]) => vs.map((v) => ({ date, ...v })));
    const expected = busy.map((b) => ({
      date: b.date,
      start: b.startsAt,
      end: b.endsAt,
      location: b.locationLat === null || b.locationLon === null ? null : { lat: b.locationLat, lon: b.locationLon },
    }));
    expect(visits.sort(byStart)).toEqual(expected.sort(byStart));
    expect(visits.some((v) => v.location === null)).toBe(true);
  });
});
