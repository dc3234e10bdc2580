import { describe, expect, it } from 'vitest';
import { relativeDate } from './relative-date';

// 'now': 15 May 2025, 10:00 in Auckland (NZST, UTC+12) = 14 May 2025 22:00 UTC.
const now = new Date('2025-05-14T22:00:00Z');
/** An instant at the given Auckland wall-clock date and time (NZST, UTC+12, in May-June). */
const nz = (date: string, time = '12:00') => new Date(`${date}T${time}:00+12:00`);

describe('relativeDate (docs/product.md §9 review relative dates)', () => {
  it('runs away from New Zealand', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).not.toBe('Pacific/Auckland');
  });

  it("reads 'today' under one day, and for a date in the future", () => {
    expect(relativeDate(nz('2025-05-15', '00:05'), now)).toBe('today');
    expect(relativeDate(nz('2025-05-15', '09:59'), now)).toBe('today');
    expect(relativeDate(nz('2025-05-16', '09:00'), now)).toBe('today');
  });

  it('counts New Zealand calendar days, not the browser zone', () => {
    // Yesterday 23:30 NZ is only 10.5 hours ago, but it is yesterday in Auckland.
    expect(relativeDate(nz('2025-05-14', '23:30'), now)).toBe('1 day ago');
    // 14 May 13:00 UTC is still the 14th in UTC and in Los Angeles, but 15 May 01:00 in Auckland: today.
    expect(relativeDate(new Date('2025-05-14T13:00:00Z'), now)).toBe('today');
  });

  it("says 'N day(s) ago' under 7 days", () => {
    expect(relativeDate(nz('2025-05-14'), now)).toBe('1 day ago');
    expect(relativeDate(nz('2025-05-13'), now)).toBe('2 days ago');
    expect(relativeDate(nz('2025-05-09'), now)).toBe('6 days ago');
  });

  it('says weeks under 30 days', () => {
    expect(relativeDate(nz('2025-05-08'), now)).toBe('1 week ago');
    expect(relativeDate(nz('2025-05-02'), now)).toBe('1 week ago');
    expect(relativeDate(nz('2025-05-01'), now)).toBe('2 weeks ago');
    expect(relativeDate(nz('2025-04-16'), now)).toBe('4 weeks ago'); // 29 days
  });

  it('says months (30-day months) from 30 days', () => {
    expect(relativeDate(nz('2025-04-15'), now)).toBe('1 month ago'); // 30 days
    expect(relativeDate(nz('2025-03-17'), now)).toBe('1 month ago'); // 59 days
    expect(relativeDate(nz('2025-03-16'), now)).toBe('2 months ago'); // 60 days
    expect(relativeDate(nz('2024-05-15'), now)).toBe('12 months ago'); // 365 days
  });

  it('accepts ISO strings and gives nothing for an unreadable date', () => {
    expect(relativeDate('2025-05-11T22:00:00.000Z', now)).toBe('3 days ago'); // 12 May 10:00 NZ
    expect(relativeDate('not a date', now)).toBe('');
  });
});
