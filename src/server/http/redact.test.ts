import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact';

describe('redactUrl', () => {
  it('hides booking tokens in logged URLs', () => {
    expect(redactUrl('/api/bookings/token/abcDEF123_-')).toBe('/api/bookings/token/[redacted]');
    expect(redactUrl('/api/bookings/cancel/abc?x=1')).toBe('/api/bookings/cancel/[redacted]?x=1');
    expect(redactUrl('/api/services/1')).toBe('/api/services/1');
  });

  it('hides the calendar feed token, keeping the rest of the path', () => {
    const token = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5';
    expect(redactUrl(`/api/calendar-feed/${token}/appointments.ics`)).toBe(
      '/api/calendar-feed/[redacted]/appointments.ics',
    );
    expect(redactUrl(`/api/calendar-feed/${token}/appointments.ics?x=1`)).toBe(
      '/api/calendar-feed/[redacted]/appointments.ics?x=1',
    );
    expect(redactUrl(`/api/calendar-feed/${token}`)).toBe('/api/calendar-feed/[redacted]');
  });

  it('hides the token in odd spellings of the path that end in a 404', () => {
    const token = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5';
    for (const url of [
      `/api/calendar-feed//${token}/appointments.ics`,
      `/API/Calendar-Feed/${token}/appointments.ics`,
      `/api/calendar-feed/${token}/`,
    ]) {
      expect(redactUrl(url)).not.toContain(token);
    }
  });

  it('leaves the admin routes of the feed alone', () => {
    expect(redactUrl('/api/admin/calendar-feed')).toBe('/api/admin/calendar-feed');
  });

  it("hides the waitlist's tokens (issue 25): the entry's and the offer's, in the API and the pages", () => {
    const token = 'c2VjcmV0LXdhaXRsaXN0LXRva2VuLXh5ejEyMzQ1Njc4';
    expect(redactUrl(`/api/waitlist/${token}/leave`)).toBe('/api/waitlist/[redacted]/leave');
    expect(redactUrl(`/api/waitlist/${token}`)).toBe('/api/waitlist/[redacted]');
    expect(redactUrl(`/api/waitlist/offers/${token}/accept`)).toBe('/api/waitlist/offers/[redacted]/accept');
    expect(redactUrl(`/waitlist/offer/${token}`)).toBe('/waitlist/offer/[redacted]');
    expect(redactUrl(`/waitlist/leave/${token}?x=1`)).toBe('/waitlist/leave/[redacted]?x=1');
    expect(redactUrl('/api/waitlist')).toBe('/api/waitlist');
    expect(redactUrl('/api/admin/waitlist/12')).not.toContain(token);
  });
});
