/**
 * docs/security.md, "Nothing that opens a booking in the log": a day of bookings, captured from the app's own logger,
 * holds no token (booking, waitlist, calendar feed, session) and no personal value (name, e-mail, phone, address,
 * notes, her search terms), whether the request succeeded, was refused by the database or crashed (docs/security.md,
 * "Logs hold no token and no personal value").
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../../src/shared/schemas/booking';
import type { CalendarFeedCreated } from '../../../src/shared/schemas/calendar-feed';
import type { WaitlistJoined } from '../../../src/shared/schemas/waitlist';
import { createTestApp, type TestApp } from '../../helpers/app';
import { bookingRequest, openDay } from '../../helpers/bookings';
import { requestsTo, type Requests } from '../../helpers/requests';
import { signIn } from '../../helpers/session';
import { joinRequest } from '../../helpers/waitlist';

const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

/** Distinctive values, each of which must never reach the log. */
const PERSON = {
  firstName: 'Zephyrine',
  lastName: 'Quillfeather',
  email: 'zephyrine.quill@example.test',
  phone: '021 987 6543',
  address: '77 Bow Street, Raglan',
  notes: 'Kowhaiwhai lavender oil please',
};
const SECOND = {
  firstName: 'Oriwia',
  lastName: 'Marchbanks',
  email: 'oriwia.marchbanks@example.test',
  phone: '027 444 1212',
  address: '15 Wainui Road, Raglan',
  notes: 'Gate code is blue door',
};
const REJECTED = {
  firstName: 'Thessaly',
  lastName: 'Brightwater',
  email: 'thessaly.bright@example.test',
  phone: '022 313 1717',
  address: '3 Cliff Street, Raglan',
  notes: 'Refused by the database: Periwinkle',
};
const CRASHED = {
  firstName: 'Ignatius',
  lastName: 'Featherstonehaugh',
  email: 'ignatius.fsh@example.test',
  phone: '029 808 4545',
  address: '9 Wallis Street, Raglan',
  notes: 'Crashes the server: Marmalade',
};
const WAITLISTED = {
  firstName: 'Philippa',
  lastName: 'Ravenscroft',
  email: 'philippa.raven@example.test',
  phone: '021 246 8097',
  address: '21 Norrie Avenue, Raglan',
};

let test: TestApp;
let visitor: Requests;
let admin: Requests;
let cookie: string;
const secrets: string[] = [];

beforeAll(async () => {
  test = await createTestApp({
    logStream: stream,
    client: { 'index.html': '<!doctype html><html><head></head><body><div id="root"></div></body></html>' },
  });
  visitor = requestsTo(() => test.app);
  cookie = await signIn(test.app);
  admin = requestsTo(
    () => test.app,
    () => ({ cookie }),
  );
  secrets.push(cookie.split('=')[1]!);
});

afterAll(async () => {
  await test?.close();
});

const sql = async (text: string, params: unknown[] = []) =>
  (await test.database.withSession((s) => s.query(text, params))).rows;

async function booked(person: Record<string, string>, time: string): Promise<Booking> {
  const res = await visitor.post('/api/bookings', bookingRequest({ ...person, date: openDay(1), time }));
  expect(res.statusCode, res.body).toBe(201);
  const booking = res.json<Booking>();
  secrets.push(booking.cancelToken);
  return booking;
}

describe('a day of bookings', () => {
  it('leaves no token and no personal value in the log', async () => {
    const first = await booked(PERSON, '10:00');
    const second = await booked(SECOND, '13:00');
    const token = first.cancelToken;

    // The e-mailed links, opened as pages (the client's router shows them), and odd spellings of them.
    for (const page of ['health', 'change', 'confirm', 'cancel'])
      expect((await visitor.get(`/booking/${page}/${encodeURIComponent(token)}`)).statusCode).toBe(200);
    expect((await visitor.get(`/booking//health/${token}?from=mail`)).statusCode).toBe(200);
    expect((await visitor.get(`/Booking/Change/${token}/`)).statusCode).toBe(200);

    // The API behind those pages.
    for (const path of ['', '/calendar.ics', '/availability', `/availability/${openDay(2)}`, '/health-form'])
      expect((await visitor.get(`/api/bookings/token/${token}${path}`)).statusCode, path).toBeLessThan(500);
    expect((await visitor.get(`/api/bookings/token/${token}x`)).statusCode).toBe(404);
    expect((await visitor.post(`/api/bookings/cancel/${second.cancelToken}`)).statusCode).toBe(200);
    // A personal value in a query string.
    const where = new URLSearchParams({ duration: '60', address: PERSON.address });
    expect((await visitor.get(`/api/availability/${openDay(3)}?${where.toString()}`)).statusCode).toBe(200);

    // The waitlist: joining, its entry's and its leave link, an offer link.
    const joined = await visitor.post('/api/waitlist', joinRequest(WAITLISTED));
    expect(joined.statusCode, joined.body).toBe(201);
    const entryToken = joined.json<WaitlistJoined>().token;
    const offerToken = 'T2ZmZXItdG9rZW4tbm90LWlzc3VlZC15ZXQtMTIz';
    secrets.push(entryToken, offerToken);
    expect((await visitor.get(`/api/waitlist/${entryToken}`)).statusCode).toBe(200);
    expect((await visitor.get(`/waitlist/leave/${entryToken}`)).statusCode).toBe(200);
    expect((await visitor.get(`/waitlist/offer/${offerToken}`)).statusCode).toBe(200);
    expect((await visitor.get(`/api/waitlist/offers/${offerToken}`)).statusCode).toBe(404);
    expect((await visitor.post(`/api/waitlist/${entryToken}/leave`)).statusCode).toBeLessThan(300);

    // Her calendar subscription and her searches, signed in.
    const feed = await admin.post('/api/admin/calendar-feed');
    expect(feed.statusCode).toBe(201);
    const feedUrl = new URL(feed.json<CalendarFeedCreated>().url);
    secrets.push(/calendar-feed\/([^/]+)\//.exec(feedUrl.pathname)![1]!);
    expect((await visitor.get(`${feedUrl.pathname}?refresh=1`)).statusCode).toBe(200);
    for (const q of [PERSON.firstName, PERSON.email, PERSON.phone])
      expect((await admin.get(`/api/admin/clients?q=${encodeURIComponent(q)}`)).statusCode).toBe(200);
    expect((await admin.get(`/admin/clients?q=${PERSON.lastName}`)).statusCode).toBe(200);

    // A request the database refuses (a check the input schema does not know of): 400, its parameters unlogged.
    await sql(
      `ALTER TABLE bookings ADD CONSTRAINT security_log_test CHECK (notes IS NULL OR notes NOT LIKE '%Periwinkle%')`,
    );
    try {
      const refused = await visitor.post('/api/bookings', bookingRequest({ ...REJECTED, date: openDay(4) }));
      expect(refused.statusCode, refused.body).toBe(400);
    } finally {
      await sql('ALTER TABLE bookings DROP CONSTRAINT security_log_test');
    }

    // A crash (an error the handler does not expect, raised by the database on the insert): 500, unlogged too.
    await sql(`CREATE FUNCTION security_log_crash() RETURNS trigger LANGUAGE plpgsql
                 AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$`);
    await sql(`CREATE TRIGGER security_log_crash BEFORE INSERT ON bookings
                 FOR EACH ROW EXECUTE FUNCTION security_log_crash()`);
    try {
      const crashed = await visitor.post('/api/bookings', bookingRequest({ ...CRASHED, date: openDay(5) }));
      expect(crashed.statusCode, crashed.body).toBe(500);
    } finally {
      await sql('DROP TRIGGER security_log_crash ON bookings');
      await sql('DROP FUNCTION security_log_crash()');
    }

    const text = lines.join('\n');
    const parsed = lines.map((l) => JSON.parse(l) as { msg?: string });
    expect(parsed.filter((l) => l.msg === 'request').length).toBeGreaterThanOrEqual(30);
    expect(parsed.some((l) => l.msg === 'data rejected by the database')).toBe(true);
    expect(parsed.some((l) => l.msg === 'unhandled error')).toBe(true);

    const personal = [PERSON, SECOND, REJECTED, CRASHED, WAITLISTED].flatMap((p) => Object.values(p));
    // Also as a URL or a database would write them.
    const spellings = personal.flatMap((v) => [
      v,
      encodeURIComponent(v),
      new URLSearchParams({ v }).toString().slice(2),
      v.replace(/\s/g, ''),
    ]);
    const found = [...secrets, ...spellings].filter((v) => text.toLowerCase().includes(v.toLowerCase()));
    expect(found, `in the log:\n${lines.filter((l) => found.some((v) => l.includes(v))).join('\n')}`).toEqual([]);
    // The words of the notes and names, alone.
    for (const word of ['Periwinkle', 'Marmalade', 'Kowhaiwhai', 'Zephyrine', 'Featherstonehaugh', 'Brightwater'])
      expect(text).not.toContain(word);
  });
});
