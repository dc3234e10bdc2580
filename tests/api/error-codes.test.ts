/**
 * Decision 017: every refusal names its cause with a stable code (src/shared/error-codes.ts), and one
 * status with several causes answers a different code for each. Messages are checked elsewhere.
 */
import { describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/shared/api-error';
import { ERROR_CODES, type ErrorCode } from '../../src/shared/error-codes';
import { addDaysToDate, nzToday } from '../../src/shared/time';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import type { LightMyRequestResponse } from 'fastify';

const t = useTestApp({ signedIn: true });

/** The answer's code, after checking the status is the one the list gives that code. */
function codeOf(res: LightMyRequestResponse): ErrorCode {
  const body = res.json<ApiErrorBody>();
  expect(ERROR_CODES[body.code]?.status, res.body).toBe(res.statusCode);
  expect(body.message, res.body).toEqual(expect.any(String));
  return body.code;
}

const json = { 'content-type': 'application/json' };

describe('the request itself', () => {
  it('VALIDATION_FAILED names the fields', async () => {
    const res = await book(t, {});
    expect(codeOf(res)).toBe('VALIDATION_FAILED');
    expect(res.json<ApiErrorBody>().errors?.length).toBeGreaterThan(0);
  });

  it('INVALID_JSON, UNSUPPORTED_MEDIA_TYPE and PAYLOAD_TOO_LARGE come from the body', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/bookings', headers: json, payload: '{"date":' });
    expect(codeOf(bad)).toBe('INVALID_JSON');
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(codeOf(text)).toBe('UNSUPPORTED_MEDIA_TYPE');
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: json,
      payload: JSON.stringify({ comment: 'x'.repeat(200 * 1024) }),
    });
    expect(codeOf(big)).toBe('PAYLOAD_TOO_LARGE');
  });

  it('INVALID_ID, ID_MISMATCH and INVALID_DATE_RANGE', async () => {
    expect(codeOf(await t.admin.patch('/api/admin/bookings/abc/status', { status: 'confirmed' }))).toBe('INVALID_ID');
    const [service] = await t.getJson<{ id: number }[]>('/api/services');
    const mismatch = await t.admin.put(`/api/services/${service!.id}`, { ...service, id: service!.id + 1 });
    expect(codeOf(mismatch)).toBe('ID_MISMATCH');
    const today = nzToday();
    const range = await t.admin.get(`/api/bookings/range?startDate=${today}&endDate=${addDaysToDate(today, -1)}`);
    expect(codeOf(range)).toBe('INVALID_DATE_RANGE');
  });
});

describe('who is asking', () => {
  it('UNAUTHENTICATED without a session, INVALID_CREDENTIALS for a wrong password', async () => {
    expect(codeOf(await t.get('/api/admin/bookings'))).toBe('UNAUTHENTICATED');
    expect(codeOf(await t.get('/api/auth/me'))).toBe('UNAUTHENTICATED');
    const login = await t.post('/api/auth/login', { username: 'nobody', password: 'wrong password' });
    expect(codeOf(login)).toBe('INVALID_CREDENTIALS');
  });

  it("CROSS_SITE_REQUEST for her data read from another site's page", async () => {
    const res = await t.admin.get('/api/admin/bookings', { headers: { origin: 'https://elsewhere.example' } });
    expect(codeOf(res)).toBe('CROSS_SITE_REQUEST');
  });
});

describe('what was asked for', () => {
  it.each([
    ['GET', '/api/no-such-route', 'NOT_FOUND'],
    ['PATCH', '/api/admin/bookings/999999/status', 'BOOKING_NOT_FOUND'],
    ['POST', '/api/bookings/cancel/no-such-token-123456', 'BOOKING_NOT_FOUND_OR_CANCELLED'],
    ['DELETE', '/api/services/999999', 'SERVICE_NOT_FOUND'],
    ['PATCH', '/api/reviews/999999/hidden', 'REVIEW_NOT_FOUND'],
    ['DELETE', '/api/blocked-dates/999999', 'BLOCKED_DATE_NOT_FOUND'],
    ['POST', '/api/admin/outbox/999999/resend', 'EMAIL_NOT_FOUND'],
    ['GET', '/api/google-maps/key', 'MAPS_NOT_CONFIGURED'],
  ] as const)('%s %s answers %s', async (method, url, code) => {
    const body = method === 'PATCH' && url.includes('bookings') ? { status: 'confirmed' } : undefined;
    expect(codeOf(await t.admin.request(method, url, body))).toBe(code);
  });
});

describe('the booking rules: one status, several causes', () => {
  it('tells a taken time from an address outside the area and a reused idempotency key', async () => {
    const date = openDay(2);
    expect((await book(t, bookingRequest({ date, time: '09:00' }))).statusCode).toBe(201);
    const taken = await book(t, bookingRequest({ date, time: '09:00', email: 'other@example.nz' }));
    expect(codeOf(taken)).toBe('SLOT_TAKEN');
    const far = await book(t, bookingRequest({ date, time: '13:00', address: '1 Queen Street, Auckland' }));
    expect(codeOf(far)).toBe('OUTSIDE_SERVICE_AREA');
    expect(far.json<ApiErrorBody>().errors?.[0]?.path).toBe('address');
    const key = { 'idempotency-key': 'error-codes-key-1' };
    expect((await book(t, bookingRequest({ date, time: '15:00' }), key)).statusCode).toBe(201);
    const reused = await book(t, bookingRequest({ date, time: '16:00' }), key);
    expect(codeOf(reused)).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('tells the refusals of her status changes and reminders apart', async () => {
    const created = await book(t, bookingRequest({ date: openDay(3), time: '09:00' }));
    const id = created.json<{ id: number }>().id;
    expect(codeOf(await t.admin.post(`/api/admin/bookings/${id}/reminder`))).toBe('REMINDER_NOT_CONFIRMED');
    expect((await t.admin.patch(`/api/admin/bookings/${id}/status`, { status: 'confirmed' })).statusCode).toBe(200);
    const reject = await t.admin.patch(`/api/admin/bookings/${id}/status`, { status: 'rejected' });
    expect(codeOf(reject)).toBe('STATUS_CHANGE_NOT_ALLOWED');
  });

  it('DATE_ALREADY_BLOCKED for a day blocked twice', async () => {
    const date = addDaysToDate(nzToday(), 20);
    expect((await t.admin.post('/api/blocked-dates', { date, isFullDay: true })).statusCode).toBe(201);
    expect(codeOf(await t.admin.post('/api/blocked-dates', { date, isFullDay: true }))).toBe('DATE_ALREADY_BLOCKED');
  });
});
