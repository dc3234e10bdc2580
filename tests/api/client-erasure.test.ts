/**
 * The Privacy Act's 'Erase' and retention (docs/privacy.md): the person goes from every
 * table and every answer; what the tax rules need of each booking stays, anonymised.
 */
import ICAL from 'ical.js';
import { describe, expect, it, vi } from 'vitest';
import { HEALTH_CONSENT } from '../../src/shared/health-form';
import type { AdminBooking } from '../../src/shared/schemas/booking';
import type { CalendarFeedCreated } from '../../src/shared/schemas/calendar-feed';
import type { ClientErasure, ClientSummary } from '../../src/shared/schemas/client';
import { addDaysToDate, nzInstant, nzToday } from '../../src/shared/time';
import type { PracticeInfo } from '../../src/shared/practice';
import { privacyStatement } from '../../src/shared/privacy';
import { loadConfig } from '../../src/server/config';
import { runRetention, yearsBefore } from '../../src/server/modules/clients/retention';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { linkMatch } from '../helpers/client-match';
import { eventually } from '../helpers/eventually';
import { expectRejected } from '../helpers/expect-rejected';

const t = useTestApp({ signedIn: true });

let slots = 0;
function nextSlot(): { date: string; time: string } {
  const n = slots++;
  return { date: openDay(Math.floor(n / 3)), time: ['09:00', '12:00', '15:00'][n % 3]! };
}

let people = 0;
/** A person of their own: e-mail, phone, address and words nobody else in this file uses. */
function person(tag: string) {
  const n = ++people;
  return {
    firstName: `Hana${tag}`,
    lastName: `Erasetest${tag}`,
    email: `hana.${tag.toLowerCase()}@example.nz`,
    phone: `021 6${String(n).padStart(6, '0')}`,
    address: `${40 + n} Kowhai${tag} Street, Raglan`,
    notes: `Gate code ${tag}4321`,
    hasInjuries: true,
    injuryDetails: `Sore ${tag} shoulder`,
  };
}

async function bookAs(over: Record<string, unknown>, headers: Record<string, string> = {}): Promise<AdminBooking> {
  const res = await book(t, bookingRequest({ ...nextSlot(), ...over }), headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminBooking>();
}

async function clientOf(bookingId: number): Promise<number> {
  const [row] = await t.sql<{ client_id: number }>('SELECT client_id FROM bookings WHERE id = $1', [bookingId]);
  return row!.client_id;
}

/** Moves a booking to `date` with `status`, as no API can. */
async function moveTo(id: number, date: string, status: string): Promise<void> {
  const start = nzInstant(date, '10:00').toISOString();
  await t.sql(
    `UPDATE bookings SET status = $2, date = $3, starts_at = ($4)::timestamptz, created_at = ($4)::timestamptz - interval '7 days',
       ends_at = ($4)::timestamptz + duration * interval '1 minute',
       buffer_ends_at = ($4)::timestamptz + (duration + 15) * interval '1 minute' WHERE id = $1`,
    [id, status, date, start],
  );
}

const FLAGGED = {
  recentSurgery: false,
  recentInjury: false,
  bloodClots: false,
  heartCondition: false,
  bloodPressure: 'normal',
  diabetes: false,
  epilepsy: false,
  cancerTreatment: false,
  skinCondition: false,
  infectiousIllness: false,
  pregnant: true,
  pregnancyWeeks: 30,
  takingMedication: true,
  medicationNames: 'Warfarinerase 5 mg',
  bloodThinners: true,
  allergies: ['none'],
  pressure: 'medium',
  emergencyContactName: 'Whetu Erasecontact',
  emergencyContactPhone: '021 555 0199',
};

async function fillHealthForm(b: AdminBooking, fullName: string): Promise<void> {
  const res = await t.post(`/api/bookings/token/${b.cancelToken}/health-form`, {
    answers: FLAGGED,
    consent: { version: HEALTH_CONSENT.version, fullName },
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function writeNote(bookingId: number, subjective: string): Promise<void> {
  const res = await t.admin.post(`/api/admin/bookings/${bookingId}/notes`, {
    subjective,
    objective: 'Tight left QL',
    treatment: 'Deep tissue',
    plan: 'Two weeks',
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function addAlert(clientId: number, text: string): Promise<void> {
  const res = await t.admin.post(`/api/admin/clients/${clientId}/alerts`, { text });
  expect(res.statusCode, res.body).toBe(201);
}

const erase = (clientId: number) => t.admin.post(`/api/admin/clients/${clientId}/erase`);

/** Every row of every table of the database, as text: where a trace would be. */
async function wholeDatabase(): Promise<string> {
  const tables = await t.sql<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  expect(tables.length).toBeGreaterThan(15);
  const parts: string[] = [];
  for (const { name } of tables) {
    const rows = await t.sql<{ row: string }>(`SELECT row_to_json(x)::text AS row FROM "${name}" x`);
    parts.push(...rows.map((r) => r.row));
  }
  return parts.join('\n').toLowerCase();
}

/** What her screens read: bookings (list, pending, day routes, CSV), clients, the outbox. */
async function everyAdminAnswer(dates: string[]): Promise<string> {
  const urls = [
    '/api/admin/bookings',
    '/api/admin/bookings/pending',
    '/api/admin/clients',
    '/api/admin/outbox',
    `/api/admin/bookings/export.csv?from=${addDaysToDate(nzToday(), -200)}&to=${addDaysToDate(nzToday(), 120)}`,
    '/api/admin/bookings/summary',
    ...dates.map((date) => `/api/admin/bookings/day-route?date=${date}`),
  ];
  const bodies: string[] = [];
  for (const url of urls) {
    const res = await t.admin.get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    bodies.push(res.body);
  }
  return bodies.join('\n').toLowerCase();
}

function traces(haystack: string, p: ReturnType<typeof person>): string[] {
  const digits = p.phone.replace(/\D/g, '').slice(1);
  const needles = [
    p.firstName,
    p.lastName,
    p.email,
    p.address,
    p.notes,
    p.injuryDetails,
    digits,
    'warfarinerase',
    'whetu erasecontact',
    'dog called rexerase',
    'notes about hana',
  ];
  return needles.filter((n) => haystack.includes(n.toLowerCase()));
}

describe("'Erase'", () => {
  it('removes the person from every table and answer, and keeps the tax facts of each booking', async () => {
    const p = person('A');
    const feed = (await t.admin.post('/api/admin/calendar-feed')).json<CalendarFeedCreated>();

    // A visit that happened (health form, alert, notes), and a cancelled one ahead, still in her feed.
    const visit = await bookAs(p, { 'idempotency-key': `erase-test-${Date.now()}` });
    const clientId = await clientOf(visit.id);
    await fillHealthForm(visit, `${p.firstName} ${p.lastName}`);
    const later = await bookAs({ ...p, email: p.email.toUpperCase() });
    // The same person booked again: she links it to her client (docs/decisions/034).
    expect((await linkMatch(t, later)).id).toBe(clientId);
    expect(await clientOf(later.id)).toBe(clientId);
    const dates = [addDaysToDate(nzToday(), -10), addDaysToDate(nzToday(), 20)];
    await moveTo(visit.id, dates[0]!, 'confirmed');
    await moveTo(later.id, dates[1]!, 'cancelled');
    await writeNote(visit.id, `Notes about ${p.firstName}: lower back`);
    await addAlert(clientId, 'Dog called Rexerase at the gate');
    const [priceBefore] = await t.sql<{ price: number; travel_cost: number; service_name: string; date: string }>(
      'SELECT price, travel_cost, service_name, date::text AS date FROM bookings WHERE id = $1',
      [visit.id],
    );
    const feedBefore = await t.get(new URL(feed.url).pathname);
    expect(feedBefore.body).toContain(`booking-${later.id}@`);
    expect(traces(await wholeDatabase(), p).length).toBeGreaterThan(5);
    const forget = vi.spyOn(t.app.travel, 'forget');

    const res = await erase(clientId);
    expect(res.statusCode, res.body).toBe(200);
    const erasure = res.json<ClientErasure>();
    expect(erasure.removed).toMatchObject({ healthForms: 1, notes: 1, alerts: 1, addresses: 1, idempotencyRecords: 1 });
    // The request-received e-mail and her new-request e-mail, for each of the two bookings.
    expect(erasure.removed.emails).toBeGreaterThanOrEqual(4);
    expect(erasure.removed.contacts).toBeGreaterThanOrEqual(2);
    expect(erasure.bookingsAnonymised).toBe(2);
    expect(erasure.kept.bookings).toBe(2);
    expect(erasure.kept.accessLog).toBeGreaterThanOrEqual(1);

    // Nowhere: not in a table, not in an answer, not in her calendar feed.
    expect(traces(await wholeDatabase(), p)).toEqual([]);
    expect(traces(await everyAdminAnswer(dates), p)).toEqual([]);
    const feedAfter = await t.get(new URL(feed.url).pathname);
    const events = new ICAL.Component(ICAL.parse(feedAfter.body) as unknown[]).getAllSubcomponents('vevent');
    expect(events.map((e) => String(e.getFirstPropertyValue('uid')))).not.toContain(`booking-${later.id}@localhost`);
    expect(traces(feedAfter.body.toLowerCase(), p)).toEqual([]);
    expect(
      await eventually(
        async () => forget.mock.calls.length,
        (n) => n > 0,
      ),
    ).toBeGreaterThan(0);

    // What the tax rules need stays.
    const all = await t.admin.getJson<AdminBooking[]>('/api/admin/bookings');
    const kept = all.find((b) => b.id === visit.id);
    expect(kept).toMatchObject({
      firstName: 'Erased',
      lastName: 'client',
      price: priceBefore!.price,
      travelCost: priceBefore!.travel_cost,
      serviceName: priceBefore!.service_name,
      date: priceBefore!.date,
      status: 'confirmed',
      email: '',
      phone: '',
      address: '',
      notes: null,
      injuryDetails: null,
    });

    // The private links open nothing; the client is gone from her lists; the erasure is logged.
    expectRejected(await t.get(`/api/bookings/token/${visit.cancelToken}`), 404);
    expectRejected(await t.get(`/api/bookings/token/${visit.cancelToken}/health-form`), 404);
    expectRejected(await t.admin.get(`/api/admin/clients/${clientId}`), 404, 'Client not found');
    expectRejected(await t.admin.get(`/api/admin/clients/${clientId}/export`), 404, 'Client not found');
    expectRejected(await t.admin.get(`/api/admin/clients/${clientId}/export.html`), 404, 'Client not found');
    expect(await t.admin.getJson<ClientSummary[]>(`/api/admin/clients?q=${p.lastName}`)).toEqual([]);
    const log = await t.sql<{ actor: string; action: string; detail: string }>(
      'SELECT actor, action, detail FROM client_access_log WHERE client_id = $1 ORDER BY id DESC LIMIT 1',
      [clientId],
    );
    expect(log[0]).toMatchObject({ actor: 'admin', action: 'erase' });
    expect(log[0]!.detail).toMatch(/^Erased: 1 health form\(s\), 1 note\(s\)/);

    // Erasing twice finds nobody; notes on an erased visit are refused.
    expectRejected(await erase(clientId), 404, 'Client not found');
    expectRejected(
      await t.admin.post(`/api/admin/bookings/${visit.id}/notes`, {
        subjective: 'x',
        objective: 'x',
        treatment: 'x',
        plan: 'x',
      }),
      409,
      { code: 'BOOKING_ERASED', message: 'This client was erased: their visits keep no notes' },
    );

    // The same e-mail booking again is a new client, with nothing of the old one.
    const again = await bookAs({ ...p, ...nextSlot() });
    const newId = await clientOf(again.id);
    expect(newId).not.toBe(clientId);
    const fresh = await t.admin.getJson<{ alerts: unknown[]; visits: unknown[] }>(`/api/admin/clients/${newId}`);
    expect(fresh.alerts).toEqual([]);
    expect(fresh.visits).toHaveLength(1);
  });

  it('is refused while the client has a pending or confirmed visit ahead, and changes nothing', async () => {
    const p = person('B');
    const ahead = await bookAs(p);
    const clientId = await clientOf(ahead.id);
    expectRejected(await erase(clientId), 409, {
      code: 'CLIENT_HAS_UPCOMING_VISITS',
      message: 'This client has upcoming visits. Cancel or decline them first, then erase the client.',
    });
    const [row] = await t.sql<{ email: string; erased_at: string | null }>(
      'SELECT email, erased_at FROM bookings WHERE id = $1',
      [ahead.id],
    );
    expect(row).toEqual({ email: p.email, erased_at: null });
    expect((await t.admin.get(`/api/admin/clients/${clientId}`)).statusCode).toBe(200);
  });

  it('needs her session, and a client that exists', async () => {
    expectRejected(await t.post('/api/admin/clients/1/erase'), 401);
    expectRejected(await erase(999_999), 404, 'Client not found');
    expectRejected(await t.admin.post('/api/admin/clients/abc/erase'), 400);
  });
});

describe('retention', () => {
  const years = { healthYears: 10, clientYears: 7 };

  it('keeps a client whose last visit is recent, and one with a visit ahead', async () => {
    const p = person('C');
    const b = await bookAs(p);
    const clientId = await clientOf(b.id);
    await runRetention(t.app.db, years, new Date());
    expect((await t.admin.get(`/api/admin/clients/${clientId}`)).statusCode).toBe(200);
  });

  it('removes contact details after CLIENT_RETENTION_YEARS, keeping the name with the health records, and everything after HEALTH_RETENTION_YEARS', async () => {
    const p = person('D');
    const b = await bookAs(p);
    const clientId = await clientOf(b.id);
    await fillHealthForm(b, `${p.firstName} ${p.lastName}`);
    const lastVisit = '2016-03-01';
    await moveTo(b.id, lastVisit, 'confirmed');
    await writeNote(b.id, `Notes about ${p.firstName}: neck`);
    await t.sql(`UPDATE clients SET created_at = '2016-01-01' WHERE id = $1`, [clientId]);
    await t.sql(`UPDATE health_forms SET consented_at = '2016-02-01', created_at = '2016-02-01' WHERE client_id = $1`, [
      clientId,
    ]);

    // Eight years on: past the client period, within the health one.
    const eightYears = new Date('2024-03-02T00:00:00Z');
    expect(await runRetention(t.app.db, years, eightYears)).toMatchObject({ contact: 1, health: 0 });
    const kept = await t.admin.getJson<{ name: string; email: string; phone: string; addresses: unknown[] }>(
      `/api/admin/clients/${clientId}`,
    );
    expect(kept).toMatchObject({ name: `${p.firstName} ${p.lastName}`, email: '', phone: '', addresses: [] });
    const health = await t.admin.get(`/api/admin/clients/${clientId}/health-form`);
    expect(health.statusCode).toBe(200);
    expect(health.body).toContain('Warfarinerase');
    const db = await wholeDatabase();
    expect(db).not.toContain(p.email);
    expect(db).not.toContain(p.address.toLowerCase());
    // A second run changes nothing more.
    expect(await runRetention(t.app.db, years, eightYears)).toEqual({ health: 0, contact: 0, erased: 0 });

    // Eleven years on: the health records go, and the name with them.
    const elevenYears = new Date('2027-03-02T00:00:00Z');
    expect(await runRetention(t.app.db, years, elevenYears)).toMatchObject({ health: 1, erased: 1 });
    expectRejected(await t.admin.get(`/api/admin/clients/${clientId}`), 404);
    expect(traces(await wholeDatabase(), p)).toEqual([]);
    const log = await t.sql<{ actor: string; detail: string }>(
      'SELECT actor, detail FROM client_access_log WHERE client_id = $1 AND action = $2 ORDER BY id',
      [clientId, 'erase'],
    );
    expect(log.map((l) => l.actor)).toEqual(['system', 'system', 'system']);
    expect(log.map((l) => l.detail.split(':')[0])).toEqual([
      'Contact details removed (retention)',
      'Health records removed (retention)',
      'Erased',
    ]);
    const [anonymised] = await t.sql<{ first_name: string; price: number }>(
      'SELECT first_name, price FROM bookings WHERE id = $1',
      [b.id],
    );
    expect(anonymised).toEqual({ first_name: 'Erased', price: b.price });
  });

  it('erases a client without health records at once after CLIENT_RETENTION_YEARS', async () => {
    const p = { ...person('E'), hasInjuries: false, injuryDetails: undefined };
    const b = await bookAs(p);
    const clientId = await clientOf(b.id);
    await moveTo(b.id, '2017-05-01', 'cancelled');
    await t.sql(`UPDATE clients SET created_at = '2017-04-01' WHERE id = $1`, [clientId]);
    // Seven years after the last visit, to the day, and two days later.
    expect(yearsBefore(new Date('2024-04-29T00:00:00Z'), 7).toISOString()).toBe('2017-04-29T00:00:00.000Z');
    expect(await runRetention(t.app.db, years, new Date('2024-04-29T00:00:00Z'))).toMatchObject({ erased: 0 });
    expect(await runRetention(t.app.db, years, new Date('2024-05-03T00:00:00Z'))).toMatchObject({ erased: 1 });
    expectRejected(await t.admin.get(`/api/admin/clients/${clientId}`), 404);
  });
});

describe('the retention settings', () => {
  const custom = useTestApp({ env: { HEALTH_RETENTION_YEARS: '12', CLIENT_RETENTION_YEARS: '8' } });

  it('reach the privacy statement through GET /api/practice, which the site builds its words from', async () => {
    const practice = await custom.getJson<PracticeInfo>('/api/practice');
    expect(practice.retention).toEqual({ healthYears: 12, clientYears: 8 });
    expect(privacyStatement({ health: 12, client: 8 })).toContain('kept for 12 years after your last visit');
    expect(custom.config.retention).toEqual({ healthYears: 12, clientYears: 8 });
    expect(t.config.retention).toEqual({ healthYears: 10, clientYears: 7 });
  });

  it('refuses a setting that is not a whole number of years', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', HEALTH_RETENTION_YEARS: 'ten' })).toThrow(/HEALTH_RETENTION_YEARS/);
    expect(() => loadConfig({ NODE_ENV: 'test', CLIENT_RETENTION_YEARS: '0' })).toThrow(/CLIENT_RETENTION_YEARS/);
  });
});
