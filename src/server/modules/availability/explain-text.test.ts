import { describe, expect, it } from 'vitest';
import { nzInstant } from '@shared/time';
import { spanOnDate, timeRange } from './explain-text';

// Runs under TZ=America/Los_Angeles and UTC: every time is read on the NZ wall clock.
describe('spanOnDate', () => {
  const date = '2026-12-05';
  it('calls an all-day event (midnight to midnight, or longer) all day', () => {
    expect(spanOnDate(date, nzInstant(date), nzInstant('2026-12-07'))).toBe('all day');
    expect(spanOnDate(date, nzInstant('2026-12-04', '20:00'), nzInstant('2026-12-06', '08:00'))).toBe('all day');
  });
  it('names the end of an event from before the day, and the start of one running past it', () => {
    expect(spanOnDate(date, nzInstant('2026-12-04', '22:00'), nzInstant(date, '09:30'))).toBe('until 9:30 AM');
    expect(spanOnDate(date, nzInstant(date, '20:00'), nzInstant('2026-12-06', '02:00'))).toBe('from 8:00 PM');
  });
  it('writes a span inside the day as a range', () => {
    expect(spanOnDate(date, nzInstant(date, '15:00'), nzInstant(date, '16:00'))).toBe('3:00-4:00 PM');
    expect(timeRange(nzInstant(date, '11:30'), nzInstant(date, '12:30'))).toBe('11:30 AM-12:30 PM');
  });
});
