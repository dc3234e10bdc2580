import { describe, expect, it } from 'vitest';
import { isAllowedReminderTime, isQuietHours, nextSendableAt, reminderDueAt } from './sms';
import { nzInstant } from './time';

describe('quiet hours (8 PM to 8 AM NZ time), whatever the machine zone', () => {
  it('knows the edges', () => {
    expect(isQuietHours(nzInstant('2026-07-01', '07:59'))).toBe(true);
    expect(isQuietHours(nzInstant('2026-07-01', '08:00'))).toBe(false);
    expect(isQuietHours(nzInstant('2026-07-01', '19:59'))).toBe(false);
    expect(isQuietHours(nzInstant('2026-07-01', '20:00'))).toBe(true);
  });

  it('moves a night-time instant to the next 8 AM, and leaves a daytime one', () => {
    expect(nextSendableAt(nzInstant('2026-07-01', '21:30'))).toEqual(nzInstant('2026-07-02', '08:00'));
    expect(nextSendableAt(nzInstant('2026-07-02', '03:00'))).toEqual(nzInstant('2026-07-02', '08:00'));
    const day = nzInstant('2026-07-02', '12:00');
    expect(nextSendableAt(day)).toBe(day);
  });
});

describe('the reminder time', () => {
  it('allows 8:00 AM to 8:00 PM only', () => {
    expect(['08:00', '09:00', '19:45', '20:00'].map(isAllowedReminderTime)).toEqual([true, true, true, true]);
    expect(['07:59', '20:01', '23:00', '9:00', 'noon'].map(isAllowedReminderTime)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('is due the day before at her time, across the start of daylight saving; 8 PM waits for 8 AM', () => {
    expect(reminderDueAt('2026-03-10', '09:00')).toEqual(nzInstant('2026-03-09', '09:00'));
    // Daylight saving starts on 27 September 2026: the day before is still standard time.
    expect(reminderDueAt('2026-09-28', '09:00')).toEqual(nzInstant('2026-09-27', '09:00'));
    expect(reminderDueAt('2026-03-10', '20:00')).toEqual(nzInstant('2026-03-10', '08:00'));
  });
});
