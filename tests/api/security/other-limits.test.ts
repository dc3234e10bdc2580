// @both-databases: parallel requests race for the limiter's counters, kept in the database
/**
 * docs/security.md: the two limits docs/security.md listed without a test. The health forms a booking's link may send
 * in an hour (each is sealed and written to the access log), and unknown paths per address (a scan of the site).
 */
import { describe, expect, it } from 'vitest';
import { HEALTH_FORMS_PER_TOKEN_PER_HOUR } from '../../../src/server/modules/health-forms/routes';
import type { Booking } from '../../../src/shared/schemas/booking';
import { useTestApp } from '../../helpers/app';
import { book, bookingRequest } from '../../helpers/bookings';

const t = useTestApp();

describe('health forms through one link', () => {
  it(`takes ${HEALTH_FORMS_PER_TOKEN_PER_HOUR} an hour, counted in parallel, then 429 with Retry-After`, async () => {
    const res = await book(t, bookingRequest({ email: 'limits@example.nz', phone: '021 444 0001' }));
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json<Booking>();
    const url = `/api/bookings/token/${booking.cancelToken}/health-form`;
    // Invalid forms count too: the limit is on what the link sends, before anything is read.
    const answers = await Promise.all(
      Array.from({ length: HEALTH_FORMS_PER_TOKEN_PER_HOUR + 5 }, () => t.post(url, { answers: {}, consent: {} })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    expect(codes.filter((c) => c === 400)).toHaveLength(HEALTH_FORMS_PER_TOKEN_PER_HOUR);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another booking's link is not held by this one's.
    const other = await book(t, bookingRequest({ time: '13:00', email: 'limits2@example.nz', phone: '021 444 0002' }));
    const own = await t.post(`/api/bookings/token/${other.json<Booking>().cancelToken}/health-form`, {
      answers: {},
      consent: {},
    });
    expect(own.statusCode).toBe(400);
  });
});

describe('unknown paths', () => {
  it('answers 120 a minute from one address, then 429; another address is not held', async () => {
    // One after another: a scan's pace. (A parallel burst is refused whole by @fastify/rate-limit's in-memory count,
    // which errs on the safe side.)
    const scan: number[] = [];
    for (let i = 0; i < 125; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/no-such-${i}`, remoteAddress: '127.0.0.21' });
      scan.push(res.statusCode);
    }
    expect(scan.slice(0, 120).every((c) => c === 404)).toBe(true);
    expect(scan.slice(120)).toEqual([429, 429, 429, 429, 429]);
    const other = await t.app.inject({ method: 'GET', url: '/api/no-such-thing', remoteAddress: '127.0.0.22' });
    expect(other.statusCode).toBe(404);
  });
});
