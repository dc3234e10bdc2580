// @both-databases: parallel bookings race for the limiter's counters, kept in the database
/**
 * docs/security.md "Limits that hold in parallel", public booking requests: BOOKING_REQUESTS_PER_HOUR per address (each
 * request e-mails the address it names and holds a time), counted before anything is stored, so a parallel burst
 * gets exactly the limit through; `0` turns it off (load tests from one machine). docs/security.md "Limits".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Booking } from '../../../src/shared/schemas/booking';
import { createTestApp, type TestApp } from '../../helpers/app';
import { bookingRequest, openDay } from '../../helpers/bookings';

/** Eight requests anyone could make: each on its own day, from its own person. */
const requests = (tag: string) =>
  Array.from({ length: 8 }, (_, i) => bookingRequest({ date: openDay(i), email: `${tag}${i}@example.nz` }));

async function count(app: TestApp, table: 'bookings' | 'email_outbox'): Promise<number> {
  const { rows } = await app.database.withSession((s) =>
    s.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`),
  );
  return rows[0]!.n;
}

const post = (app: TestApp, body: unknown, remoteAddress: string) =>
  app.app.inject({ method: 'POST', url: '/api/bookings', payload: body as object, remoteAddress });

const statusesOf = (answers: LightMyRequestResponse[]) => answers.map((a) => a.statusCode).sort();

describe('BOOKING_REQUESTS_PER_HOUR=5', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { BOOKING_REQUESTS_PER_HOUR: '5' } });
  });
  afterAll(() => app.close());

  it('lets exactly 5 of 8 parallel requests from one address through; the rest answer 429 and leave nothing', async () => {
    const [bookingsBefore, mailBefore] = [await count(app, 'bookings'), await count(app, 'email_outbox')];
    const answers = await Promise.all(requests('burst').map((body) => post(app, body, '192.0.2.50')));
    expect(statusesOf(answers), answers.map((a) => a.body).join('\n')).toEqual([
      201, 201, 201, 201, 201, 429, 429, 429,
    ]);
    for (const refused of answers.filter((a) => a.statusCode === 429)) {
      expect(refused.json()).toMatchObject({
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/Too many booking requests/),
      });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    // Nothing stored and nothing e-mailed for the refused ones.
    const accepted = answers.filter((a) => a.statusCode === 201).map((a) => a.json<Booking>().id);
    expect(await count(app, 'bookings')).toBe(bookingsBefore + 5);
    const { rows } = await app.database.withSession((s) =>
      s.query<{ booking_id: number | null; to_address: string }>('SELECT booking_id, to_address FROM email_outbox'),
    );
    expect(rows.length).toBeGreaterThan(mailBefore);
    for (const row of rows) expect(accepted).toContain(row.booking_id);
    const mailedTo = rows.map((r) => r.to_address);
    answers.forEach((a, i) => {
      if (a.statusCode === 429) expect(mailedTo).not.toContain(`burst${i}@example.nz`);
    });
  });

  it('another address still books', async () => {
    const res = await post(app, bookingRequest({ date: openDay(10), email: 'elsewhere@example.nz' }), '192.0.2.51');
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('BOOKING_REQUESTS_PER_HOUR=0', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { BOOKING_REQUESTS_PER_HOUR: '0' } });
  });
  afterAll(() => app.close());

  it('turns the limit off: 8 parallel requests from one address are all booked', async () => {
    const answers = await Promise.all(requests('load').map((body) => post(app, body, '192.0.2.60')));
    expect(statusesOf(answers), answers.map((a) => a.body).join('\n')).toEqual(Array(8).fill(201));
    expect(await count(app, 'bookings')).toBeGreaterThanOrEqual(8);
  });
});
