import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { loggedError, loggedUrl, redactPath, scrubText } from './redact';

const BOOKING_TOKEN = 'PunOT7sByAj7v0qYyuYw6HN1t56v7CS-';
const FEED_TOKEN = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5';

const request = (url: string, pattern?: string) => ({ url, routeOptions: { url: pattern } }) as FastifyRequest;

describe('redactPath', () => {
  it('replaces every segment that is not a plain word, whatever the page', () => {
    for (const page of ['health', 'change', 'confirm', 'cancel', 'some-new-page'])
      expect(redactPath(`/booking/${page}/${BOOKING_TOKEN}`)).toBe(`/booking/${page}/[redacted]`);
    expect(redactPath(`/waitlist/offer/${BOOKING_TOKEN}`)).toBe('/waitlist/offer/[redacted]');
    expect(redactPath(`/api/calendar-feed/${FEED_TOKEN}/appointments.ics`)).toBe(
      '/api/calendar-feed/[redacted]/appointments.ics',
    );
    expect(redactPath('/admin/clients/42')).toBe('/admin/clients/[redacted]');
  });

  it('keeps plain paths as they are', () => {
    expect(redactPath('/')).toBe('/');
    expect(redactPath('/booking')).toBe('/booking');
    expect(redactPath('/admin/today')).toBe('/admin/today');
    expect(redactPath('/favicon.ico')).toBe('/favicon.ico');
  });

  it('never keeps the query string or the fragment', () => {
    expect(redactPath('/api/admin/clients?q=Zephyrine')).toBe('/api/admin/clients');
    expect(redactPath('/booking#x')).toBe('/booking');
  });

  it('hides tokens in odd spellings (extra slashes, letter case, trailing slash, encoded)', () => {
    for (const url of [
      `/booking//health/${BOOKING_TOKEN}`,
      `/Booking/Change/${BOOKING_TOKEN}/`,
      `/API/Calendar-Feed/${FEED_TOKEN}/appointments.ics`,
      `/booking/health/${encodeURIComponent('ab+cd/ef')}`,
      '/booking/health/abcdefghijklmnopqrstuvwxyzabcdef',
    ]) {
      const logged = redactPath(url);
      expect(logged).not.toContain(BOOKING_TOKEN);
      expect(logged).not.toContain(FEED_TOKEN);
      expect(logged).not.toContain('abcdefghijklmnopqrstuvwxyzabcdef');
      expect(logged).not.toContain('ab');
    }
  });
});

describe('loggedUrl', () => {
  it("is the matched route's pattern, which holds no value", () => {
    expect(loggedUrl(request(`/api/bookings/token/${BOOKING_TOKEN}?x=1`, '/api/bookings/token/:token'))).toBe(
      '/api/bookings/token/:token',
    );
    expect(loggedUrl(request('/api/admin/clients?q=ana@example.nz', '/api/admin/clients'))).toBe('/api/admin/clients');
  });

  it('is the redacted path when no route matched (the client pages and 404s)', () => {
    expect(loggedUrl(request(`/booking/health/${BOOKING_TOKEN}?from=mail`))).toBe('/booking/health/[redacted]');
  });
});

describe('loggedError', () => {
  it("keeps a database error's kind, code, constraint and table, never its parameters, query or detail", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "clients_email_key"'), {
      severity: 'ERROR',
      code: '23505',
      detail: 'Key (email)=(ana@example.nz) already exists.',
      constraint: 'clients_email_key',
      table: 'clients',
    });
    const err = Object.assign(
      new Error(`Failed query: insert into clients\nparams: Ana,ana@example.nz,${BOOKING_TOKEN}`),
      {
        query: 'insert into clients (name, email) values ($1, $2)',
        params: ['Ana', 'ana@example.nz', BOOKING_TOKEN],
        cause,
      },
    );
    const logged = loggedError(err);
    expect(logged).toMatchObject({
      type: 'DatabaseError',
      kind: 'constraint',
      code: '23505',
      constraint: 'clients_email_key',
      table: 'clients',
    });
    const text = JSON.stringify(logged);
    for (const value of ['Ana', 'ana@example.nz', BOOKING_TOKEN, 'insert into', 'Key (email)']) {
      expect(text).not.toContain(value);
    }
  });

  it('scrubs e-mail addresses and token-shaped runs from any other error', () => {
    const err = Object.assign(new Error(`550 5.1.1 <ana@example.nz>: Recipient rejected (${BOOKING_TOKEN})`), {
      code: 'EENVELOPE',
      recipient: 'ana@example.nz',
    });
    const logged = loggedError(err);
    expect(logged).toMatchObject({ type: 'Error', code: 'EENVELOPE' });
    expect(JSON.stringify(logged)).not.toMatch(/ana@example\.nz|PunOT7/);
    expect(String(logged.message)).toContain('Recipient rejected');
  });

  it('describes what is not an error', () => {
    expect(loggedError('ana@example.nz')).toEqual({ message: '[e-mail]' });
  });
});

describe('scrubText', () => {
  it('keeps ordinary words and short codes', () => {
    expect(scrubText('ECONNREFUSED 127.0.0.1:587')).toBe('ECONNREFUSED 127.0.0.1:587');
  });
});
