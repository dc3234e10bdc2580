/**
 * docs/product.md §2 "Start fresh", 'From demo to live': POST /api/admin/start-fresh removes the demo's services,
 * reviews, bookings, clients, waitlist, series and e-mails in one transaction and leaves one example service; her
 * account, session, hours, blocked dates and settings stay. A wrong confirmation, or recorded money, changes nothing.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_SERVICE } from '../../src/server/db/seed';
import type { Service } from '../../src/shared/schemas/service';
import { START_FRESH_MESSAGES, type StartFreshAnswer } from '../../src/shared/schemas/start-fresh';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { expectInvalid, expectRejected, expectUnchanged } from '../helpers/expect-rejected';
import { confirmedBooking } from '../helpers/series';
import { joinRequest } from '../helpers/waitlist';

/** The app's log lines (JSON, info and above). */
const logLines: Record<string, unknown>[] = [];
const logStream = new PassThrough();
logStream.on('data', (chunk: Buffer) => {
  for (const line of chunk.toString().split('\n')) if (line) logLines.push(JSON.parse(line) as Record<string, unknown>);
});

const t = useTestApp({ signedIn: true, logStream });

const TABLES = [
  'services',
  'reviews',
  'bookings',
  'clients',
  'client_contacts',
  'client_alerts',
  'client_access_log',
  'series',
  'series_occurrences',
  'waitlist_entries',
  'email_outbox',
  'idempotency_keys',
  'payments',
  'business_hours',
  'blocked_dates',
  'admin_users',
  'sessions',
  'money_settings',
  'app_meta',
];

/** Row counts of every table Start fresh empties or keeps. */
async function counts(): Promise<Record<string, number>> {
  const select = TABLES.map((table) => `(SELECT count(*) FROM ${table})::int AS ${table}`).join(', ');
  const [row] = await t.sql<Record<string, number>>(`SELECT ${select}`);
  return row!;
}

/** Everything a refusal must leave alone. */
const everything = async () => ({
  counts: await counts(),
  services: await t.sql('SELECT * FROM services ORDER BY id'),
  reviews: await t.sql('SELECT id, name FROM reviews ORDER BY id'),
  bookings: await t.sql('SELECT id, status FROM bookings ORDER BY id'),
});

const startFresh = (body: unknown, client = t.admin) => client.post('/api/admin/start-fresh', body);

describe('POST /api/admin/start-fresh', () => {
  it('refuses without her session, and with a wrong confirmation, changing nothing', async () => {
    // Some of everything first, so "nothing changed" means something.
    await confirmedBooking(t);
    expect((await t.post('/api/waitlist', joinRequest())).statusCode).toBe(201);

    await expectUnchanged(everything, async () => {
      expectRejected(await startFresh({ confirm: 'START FRESH' }, t), 401);
      for (const confirm of ['start fresh', 'START  FRESH', ' START FRESH', '', 'yes'])
        expectInvalid(await startFresh({ confirm }), [{ path: 'confirm', message: START_FRESH_MESSAGES.confirm }]);
      expectInvalid(await startFresh({}), [{ path: 'confirm', message: START_FRESH_MESSAGES.confirm }]);
      expectRejected(await startFresh(undefined), 400);
    });
  });

  it('refuses when money is recorded (payments are tax records), changing nothing', async () => {
    const booking = await confirmedBooking(t, { date: openDay(3), time: '14:00' });
    const pay = await t.admin.post(`/api/admin/bookings/${booking.id}/payments`, {
      amountCents: 8000,
      method: 'cash',
    });
    expect(pay.statusCode, pay.body).toBe(201);
    await expectUnchanged(everything, async () =>
      expectRejected(await startFresh({ confirm: 'START FRESH' }), 409, {
        code: 'START_FRESH_MONEY_KEPT',
        message: START_FRESH_MESSAGES.moneyKept,
      }),
    );
    // The rest of this file starts from a site without money (a payment cannot be deleted: the table's trigger).
    await t.sql('ALTER TABLE payments DISABLE TRIGGER payments_keep');
    await t.sql('DELETE FROM payments');
    await t.sql('ALTER TABLE payments ENABLE TRIGGER payments_keep');
  });

  it('removes exactly the demo content, keeps her account, session, hours and blocked dates, and leaves one example service', async () => {
    // A series, a waitlist entry, an alert, a public review, an e-mail of her own and a blocked date on top.
    const origin = await confirmedBooking(t, { date: openDay(5), time: '11:00' });
    const series = await t.admin.post('/api/admin/series', { bookingId: origin.id, everyWeeks: 2, count: 2 });
    expect(series.statusCode, series.body).toBe(201);
    expect((await book(t, bookingRequest({ date: openDay(6), email: 'pending@example.nz' }))).statusCode).toBe(201);
    const [client] = await t.sql<{ client_id: number }>('SELECT client_id FROM bookings WHERE id = $1', [origin.id]);
    const alert = await t.admin.post(`/api/admin/clients/${client!.client_id}/alerts`, { text: 'Dog at the gate' });
    expect(alert.statusCode, alert.body).toBe(201);
    expect((await t.post('/api/reviews', { name: 'Visitor', rating: 5, comment: 'Lovely' })).statusCode).toBe(201);
    const blocked = await t.admin.post('/api/blocked-dates', { date: openDay(10), isFullDay: true, reason: 'Holiday' });
    expect(blocked.statusCode, blocked.body).toBe(201);
    await t.sql('UPDATE business_hours SET open_time = $1 WHERE day_of_week = 2', ['08:30']);

    const before = await counts();
    for (const table of ['services', 'reviews', 'bookings', 'clients', 'series', 'waitlist_entries', 'email_outbox'])
      expect(before[table], table).toBeGreaterThan(0);
    const hours = await t.sql('SELECT * FROM business_hours ORDER BY day_of_week');
    const blockedDates = await t.sql('SELECT * FROM blocked_dates ORDER BY id');

    const res = await startFresh({ confirm: 'START FRESH' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StartFreshAnswer>()).toEqual({
      message: START_FRESH_MESSAGES.done,
      removed: {
        services: before.services,
        reviews: before.reviews,
        bookings: before.bookings,
        clients: before.clients,
        waitlist: before.waitlist_entries,
        series: before.series,
        emails: before.email_outbox,
      },
    });

    // Her log line says who started fresh and how many of each went, never whose.
    const logged = logLines.filter((l) => l.event === 'start_fresh');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ by: 'admin', removed: res.json<StartFreshAnswer>().removed });
    expect(JSON.stringify(logged[0])).not.toContain('@example.nz');

    expect(await counts()).toEqual({
      ...before,
      services: 1,
      reviews: 0,
      bookings: 0,
      clients: 0,
      client_contacts: 0,
      client_alerts: 0,
      client_access_log: 0,
      series: 0,
      series_occurrences: 0,
      waitlist_entries: 0,
      email_outbox: 0,
      idempotency_keys: 0,
      payments: 0,
    });
    expect(await t.sql('SELECT * FROM business_hours ORDER BY day_of_week')).toEqual(hours);
    expect(await t.sql('SELECT * FROM blocked_dates ORDER BY id')).toEqual(blockedDates);

    // Her session still works; the public site shows the example service and no reviews.
    expect((await t.admin.get('/api/auth/me')).statusCode).toBe(200);
    const services = await t.getJson<Service[]>('/api/services');
    expect(services).toMatchObject([
      {
        id: 1,
        name: EXAMPLE_SERVICE.name,
        durationOptions: EXAMPLE_SERVICE.durationOptions,
        duration: 60,
        price: 8000,
      },
    ]);
    expect(await t.getJson('/api/reviews')).toEqual([]);
    expect(await t.admin.getJson('/api/admin/clients')).toEqual([]);

    // The booking page works: a visitor books the example service, and a new service takes the next id.
    const booked = await book(t, bookingRequest({ date: openDay(1), email: 'first@example.nz' }));
    expect(booked.statusCode, booked.body).toBe(201);
    const added = await t.admin.post('/api/services', {
      name: 'Deep Tissue',
      description: 'Firm pressure',
      durationOptions: [{ duration: 60, price: 9500 }],
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<Service>().id).toBeGreaterThan(1);
  });
});
