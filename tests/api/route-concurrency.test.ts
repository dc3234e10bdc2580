// @both-databases: bookings race for one day's route (locks); two server processes on one PostgreSQL database
/**
 * docs/product.md §10, "the server decides, race-free": two visitors booking neighbouring times at far-apart
 * addresses at the same moment can never both win, in one process or across two server processes
 * on one PostgreSQL database, and approving a pending request never makes a day infeasible.
 * Raglan and Hamilton are ~45 km apart by road (about 55 min offline): a Raglan visit at 10:00
 * (60 min) and a Hamilton one at 11:30 each keep the 15-minute minimum gap, but not the drive.
 * What was accepted is judged afterwards with the pure route rule on the stored rows.
 */
import { describe, expect, it } from 'vitest';
import { approvalBreaksRoute, ROUTE_DOES_NOT_FIT, SLOT_TAKEN } from '../../src/shared/messages';
import { dayOfWeek, nzInstant } from '../../src/shared/time';
import type { AppConfig } from '../../src/server/config';
import { offlineDriveLookup } from '../../src/server/modules/scheduling/drive-estimate';
import { dayLegs, type RouteLeg, type RouteVisit } from '../../src/server/modules/scheduling/route-rule';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { backend } from '../helpers/test-database';
import { onTwoServerProcesses, type Sql } from '../helpers/two-processes';

const t = useTestApp({ signedIn: true });

const RAGLAN = '12 Bow Street, Raglan';
const HAMILTON = '100 Victoria Street, Hamilton';
const REFUSALS = [...Object.values(ROUTE_DOES_NOT_FIT), SLOT_TAKEN];

interface StoredVisit {
  id: number;
  starts_at: Date | string;
  ends_at: Date | string;
  location_lat: number | null;
  location_lon: number | null;
}

const activeOn = (sql: Sql, date: string) =>
  sql<StoredVisit>(
    `SELECT id, starts_at, ends_at, location_lat, location_lon FROM bookings
     WHERE date = $1 AND status IN ('pending','confirmed') ORDER BY starts_at, id`,
    [date],
  );

/** Every leg of the day's stored active visits the route rule finds infeasible (none, if the server decided right). */
async function infeasibleLegs(sql: Sql, config: AppConfig, date: string): Promise<RouteLeg[]> {
  const rows = await activeOn(sql, date);
  const [hours] = await sql<{ open_time: string; close_time: string }>(
    'SELECT open_time, close_time FROM business_hours WHERE day_of_week = $1 AND is_open',
    [dayOfWeek(date)],
  );
  expect(hours, `${date} is an open day`).toBeDefined();
  const visits: RouteVisit[] = rows.map((r) => ({
    start: new Date(r.starts_at),
    end: new Date(r.ends_at),
    location: r.location_lat === null || r.location_lon === null ? null : { lat: r.location_lat, lon: r.location_lon },
  }));
  // Every stored visit was located: an unknown place would make the check weaker than it looks.
  expect(visits.every((v) => v.location !== null)).toBe(true);
  const day = {
    openAt: nzInstant(date, hours!.open_time),
    closeAt: nzInstant(date, hours!.close_time),
    base: config.practice.base,
  };
  const drive = offlineDriveLookup({
    roadFactor: config.travel.roadFactor,
    averageSpeedKmh: config.travel.averageSpeedKmh,
  });
  return dayLegs(visits, day, config.booking.route, drive).legs.filter((leg) => !leg.feasible);
}

/** The test app's database, as a function the checks can take. */
const appSql: Sql = (text, params) => t.sql(text, params);

describe('one process: neighbouring times at far-apart addresses at the same moment', () => {
  it('accepts each request on a day of its own (the control)', async () => {
    const raglan = await book(t, bookingRequest({ date: openDay(10), time: '10:00', address: RAGLAN }));
    const hamilton = await book(t, bookingRequest({ date: openDay(11), time: '11:30', address: HAMILTON }));
    expect(raglan.statusCode, raglan.body).toBe(201);
    expect(hamilton.statusCode, hamilton.body).toBe(201);
  });

  it('accepts two neighbouring visits in the same town (the refusal below is the drive, not the time)', async () => {
    const date = openDay(12);
    const first = await book(t, bookingRequest({ date, time: '10:00', address: RAGLAN }));
    const second = await book(t, bookingRequest({ date, time: '11:30', address: RAGLAN, email: 'second@example.nz' }));
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    expect(await infeasibleLegs(appSql, t.config, date)).toEqual([]);
  });

  it.each([
    { order: 'Raglan first', days: [0, 1, 2, 3, 4], raglanFirst: true },
    { order: 'Hamilton first', days: [5, 6, 7, 8, 9], raglanFirst: false },
  ])('never accepts both Raglan 10:00 and Hamilton 11:30 ($order)', async ({ days, raglanFirst }) => {
    const dates = days.map((n) => openDay(n));
    const perDate = await Promise.all(
      dates.map((date) => {
        const raglan = bookingRequest({ date, time: '10:00', address: RAGLAN, email: 'raglan@example.nz' });
        const hamilton = bookingRequest({ date, time: '11:30', address: HAMILTON, email: 'hamilton@example.nz' });
        const bodies = raglanFirst ? [raglan, hamilton] : [hamilton, raglan];
        return Promise.all(bodies.map((body) => book(t, body)));
      }),
    );
    for (const [i, answers] of perDate.entries()) {
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes, `${dates[i]}: ${answers.map((a) => a.body).join(' | ')}`).toEqual([201, 409]);
      const refused = answers.find((a) => a.statusCode === 409)!;
      expect(REFUSALS).toContain(refused.json<{ message: string }>().message);
      expect(await activeOn(appSql, dates[i]!)).toHaveLength(1);
      expect(await infeasibleLegs(appSql, t.config, dates[i]!)).toEqual([]);
    }
  });
});

describe('approval re-checks the route', () => {
  it('refuses to approve a pending request that a visit she made by hand has made undrivable, and leaves the day as it was', async () => {
    const date = openDay(13);
    const pending = await book(
      t,
      bookingRequest({ date, time: '11:30', address: HAMILTON, email: 'hamilton@example.nz' }),
    );
    expect(pending.statusCode, pending.body).toBe(201);

    // A Raglan visit at 10:00 she entered by hand (straight into the database, past the API's
    // checks), copied from a Raglan booking on another day for its located address.
    const source = await book(t, bookingRequest({ date: openDay(14), time: '10:00', address: RAGLAN }));
    expect(source.statusCode, source.body).toBe(201);
    const startsAt = nzInstant(date, '10:00');
    const endsAt = new Date(startsAt.getTime() + 60 * 60_000);
    const bufferEndsAt = new Date(endsAt.getTime() + t.config.booking.bufferMinutes * 60_000);
    const [byHand] = await t.sql<{ id: number }>(
      `INSERT INTO bookings (service_id, service_name, date, time, duration, price, travel_cost, distance_km,
         travel_time_minutes, is_outside_service_area, travel_unresolved, location_lat, location_lon, address,
         has_injuries, first_name, last_name, email, phone, cancel_token, status, starts_at, ends_at, buffer_ends_at)
       SELECT service_id, service_name, $2::date, '10:00', 60, price, travel_cost, distance_km,
         travel_time_minutes, is_outside_service_area, travel_unresolved, location_lat, location_lon, address,
         has_injuries, 'By', 'Hand', 'byhand@example.nz', phone, 'by-hand-' || md5(random()::text), 'confirmed',
         $3::timestamptz, $4::timestamptz, $5::timestamptz
       FROM bookings WHERE id = $1 RETURNING id`,
      [
        source.json<{ id: number }>().id,
        date,
        startsAt.toISOString(),
        endsAt.toISOString(),
        bufferEndsAt.toISOString(),
      ],
    );
    expect(byHand).toBeDefined();

    const before = await t.sql('SELECT id, status, starts_at FROM bookings WHERE date = $1 ORDER BY id', [date]);
    const outboxBefore = await t.sql('SELECT id FROM email_outbox ORDER BY id');
    const id = pending.json<{ id: number }>().id;
    const approve = await t.admin.patch(`/api/admin/bookings/${id}/status`, { status: 'confirmed' });
    expect(approve.statusCode, approve.body).toBe(409);
    expect(approve.json()).toEqual({ code: 'APPROVAL_BREAKS_ROUTE', message: approvalBreaksRoute('gap-before', 60) });

    expect(await t.sql('SELECT id, status, starts_at FROM bookings WHERE date = $1 ORDER BY id', [date])).toEqual(
      before,
    );
    const [row] = await t.sql<{ status: string }>('SELECT status FROM bookings WHERE id = $1', [id]);
    expect(row!.status).toBe('pending');
    // No "confirmed" e-mail went out for a refused approval.
    expect(await t.sql('SELECT id FROM email_outbox ORDER BY id')).toEqual(outboxBefore);
  });

  it('approves a pending request whose route fits (the control)', async () => {
    const date = openDay(15);
    const created = await book(t, bookingRequest({ date, time: '10:00', address: RAGLAN }));
    expect(created.statusCode, created.body).toBe(201);
    const approve = await t.admin.patch(`/api/admin/bookings/${created.json<{ id: number }>().id}/status`, {
      status: 'confirmed',
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json<{ status: string }>().status).toBe('confirmed');
  });
});

describe.runIf(backend === 'postgres')('two server processes on one PostgreSQL database', () => {
  /**
   * Per date, four neighbouring requests at once, each conflicting pair split across the two
   * processes: Raglan 10:00 (A) against Hamilton 11:30 (B) by the drive, Hamilton 11:30 (B)
   * against Raglan 11:30 (A) by the time, Raglan 11:30 (A) against Hamilton 13:00 (B) by the drive.
   */
  const REQUESTS = [
    { time: '10:00', address: RAGLAN },
    { time: '11:30', address: HAMILTON },
    { time: '11:30', address: RAGLAN },
    { time: '13:00', address: HAMILTON },
  ];

  it('accepts, for each of 10 days, only a set of visits she can drive (40 requests at once)', async () => {
    await onTwoServerProcesses(async ({ a, b, sql }) => {
      const dates = Array.from({ length: 10 }, (_, i) => openDay(20 + i));
      const jobs = dates.flatMap((date) => REQUESTS.map((r, i) => ({ date, ...r, server: i % 2 ? b : a })));
      const answers = await Promise.all(
        jobs.map((job, i) =>
          fetch(`${job.server}/api/bookings`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(
              bookingRequest({ date: job.date, time: job.time, address: job.address, firstName: `P${i}` }),
            ),
          }).then(async (r) => ({ ...job, status: r.status, body: await r.text() })),
        ),
      );
      for (const answer of answers) {
        expect([201, 409], answer.body).toContain(answer.status);
        if (answer.status === 409) expect(REFUSALS).toContain((JSON.parse(answer.body) as { message: string }).message);
      }

      for (const date of dates) {
        const accepted = answers.filter((x) => x.date === date && x.status === 201);
        expect(accepted.length, `${date}: at least one accepted`).toBeGreaterThanOrEqual(1);
        expect(await activeOn(sql, date)).toHaveLength(accepted.length);
        expect(
          await infeasibleLegs(sql, t.config, date),
          `${date}: ${accepted.map((x) => `${x.time} ${x.address}`).join(', ')}`,
        ).toEqual([]);
      }
    });
  }, 90_000);
});
