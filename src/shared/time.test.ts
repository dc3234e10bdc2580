import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  addDaysToDate,
  dayOfWeek,
  formatLongDate,
  formatNzDateTime,
  formatNzInstant,
  formatNzTime,
  labelNzTimes,
  MINUTE_MS,
  formatShortDate,
  isValidDateString,
  nzDateOf,
  nzInstant,
  nzMinuteInstant,
  nzTimeOf,
  nzToday,
  nzWallTimeExists,
  toNz,
} from './time';
import { formatTime12, minutesToTime, timeToMinutes } from './clock-time';

// The unit project runs with TZ=America/Los_Angeles: none of this may follow the process zone.
describe('New Zealand time, whatever the process zone', () => {
  it('runs away from New Zealand', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).not.toBe('Pacific/Auckland');
  });

  it('maps wall-clock times to instants in NZST and NZDT', () => {
    expect(nzInstant('2025-07-01', '09:00').toISOString()).toBe('2025-06-30T21:00:00.000Z'); // NZST +12
    expect(nzInstant('2025-01-15', '09:00').toISOString()).toBe('2025-01-14T20:00:00.000Z'); // NZDT +13
  });

  it('is right on both daylight-saving change days', () => {
    // 6 April 2025: clocks go back at 03:00 NZDT to 02:00 NZST.
    expect(nzInstant('2025-04-06', '09:00').toISOString()).toBe('2025-04-05T21:00:00.000Z');
    expect(nzInstant('2025-04-05', '09:00').toISOString()).toBe('2025-04-04T20:00:00.000Z');
    // 28 September 2025: clocks go forward at 02:00 NZST to 03:00 NZDT.
    expect(nzInstant('2025-09-28', '09:00').toISOString()).toBe('2025-09-27T20:00:00.000Z');
    expect(nzInstant('2025-09-27', '09:00').toISOString()).toBe('2025-09-26T21:00:00.000Z');
  });

  it('tells the NZ date and time of an instant', () => {
    const instant = new Date('2025-03-04T23:30:00Z'); // 12:30 on 5 March in Auckland (NZDT)
    expect(nzDateOf(instant)).toBe('2025-03-05');
    expect(nzTimeOf(instant)).toBe('12:30');
    expect(nzToday(instant)).toBe('2025-03-05');
  });

  it("tells the same date and time as date-fns' format in the zone, across both clock changes", () => {
    // Every 37 minutes from March 2025 to mid-2026: April's and September's changes, and the hours around midnight.
    for (let t = Date.UTC(2025, 2, 1); t < Date.UTC(2026, 5, 1); t += 37 * MINUTE_MS) {
      const instant = new Date(t);
      expect(nzDateOf(instant)).toBe(format(toNz(instant), 'yyyy-MM-dd'));
      expect(nzTimeOf(instant)).toBe(format(toNz(instant), 'HH:mm'));
    }
  });
});

describe('formats', () => {
  it('formats dates the spec way', () => {
    expect(formatLongDate('2025-03-05')).toBe('March 5, 2025');
    expect(formatShortDate('2025-03-05')).toBe('05 Mar 2025');
  });

  it('formats times in 12-hour form', () => {
    expect(formatTime12('14:30')).toBe('2:30 PM');
    expect(formatTime12('00:00')).toBe('12:00 AM');
    expect(formatTime12('12:00')).toBe('12:00 PM');
    expect(formatTime12('09:05')).toBe('9:05 AM');
  });

  it('rejects invalid values', () => {
    expect(() => formatLongDate('2025-02-30')).toThrow(RangeError);
    expect(() => formatTime12('25:00')).toThrow(RangeError);
    expect(isValidDateString('2024-02-29')).toBe(true);
    expect(isValidDateString('2025-02-29')).toBe(false);
    expect(isValidDateString('2025-1-01')).toBe(false);
  });
});

describe('calendar arithmetic', () => {
  it('adds days across months, years and DST changes', () => {
    expect(addDaysToDate('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDaysToDate('2025-04-05', 1)).toBe('2025-04-06');
    expect(addDaysToDate('2025-03-01', -1)).toBe('2025-02-28');
  });

  it('knows the day of the week (0 = Sunday)', () => {
    expect(dayOfWeek('2025-04-06')).toBe(0);
    expect(dayOfWeek('2025-09-27')).toBe(6);
  });

  it('converts HH:mm and minutes', () => {
    expect(timeToMinutes('17:30')).toBe(1050);
    expect(minutesToTime(1050)).toBe('17:30');
    expect(minutesToTime(0)).toBe('00:00');
  });
});

describe("a day's times with one zone lookup (nzMinuteInstant, nzWallTimeExists)", () => {
  // The fast path must give nzInstant's answer on every date: ordinary ones, and the change days
  // (6 April and 28 September 2025, 5 April and 27 September 2026) minute by minute.
  const mismatches = (dates: readonly string[], stepMinutes: number) => {
    const wrong: string[] = [];
    for (const date of dates) {
      for (let m = 0; m < 24 * 60; m += stepMinutes) {
        const time = minutesToTime(m);
        const exact = nzInstant(date, time).getTime();
        if (nzMinuteInstant(date, m) !== exact || nzWallTimeExists(date, m) !== (nzTimeOf(new Date(exact)) === time))
          wrong.push(`${date} ${time}`);
      }
    }
    return wrong;
  };
  const changeDays = ['2025-04-06', '2025-09-28', '2026-04-05', '2026-09-27'];

  it('agrees with nzInstant on every date of two years, every two hours', () => {
    const dates: string[] = [];
    for (let date = '2025-01-01'; date <= '2026-12-31'; date = addDaysToDate(date, 1)) dates.push(date);
    expect(mismatches(dates, 120)).toEqual([]);
  });

  it('agrees minute by minute on the change days, and every 15 minutes the days either side', () => {
    expect(mismatches(changeDays, 1)).toEqual([]);
    expect(
      mismatches(
        changeDays.flatMap((d) => [addDaysToDate(d, -1), addDaysToDate(d, 1)]),
        15,
      ),
    ).toEqual([]);
  });

  it('counts real minutes and skips the missing hour on the change days', () => {
    // Clocks go back at 03:00 NZDT on 6 April 2025: 09:00 is +12.
    expect(new Date(nzMinuteInstant('2025-04-06', 9 * 60)).toISOString()).toBe('2025-04-05T21:00:00.000Z');
    // Clocks go forward at 02:00 NZST on 28 September 2025: 02:00-02:59 does not happen.
    expect(nzWallTimeExists('2025-09-28', 2 * 60)).toBe(false);
    expect(nzWallTimeExists('2025-09-28', 2 * 60 + 30)).toBe(false);
    expect(nzWallTimeExists('2025-09-28', 3 * 60)).toBe(true);
    expect(nzWallTimeExists('2025-09-27', 2 * 60)).toBe(true);
    expect(new Date(nzMinuteInstant('2025-07-01', 9 * 60)).toISOString()).toBe('2025-06-30T21:00:00.000Z');
  });
});

describe('remembered answers (nzInstant by date and time, nzDateOf by the last date asked)', () => {
  const nzDateByZone = (t: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland', dateStyle: 'short' }).format(t);

  it('nzDateOf answers what the zone says for every quarter hour across both clock changes, in any order', () => {
    // 2026-04-05 (back an hour) and 2026-09-27 (forward an hour), and the days around them.
    const instants: number[] = [];
    for (const [from, days] of [
      ['2026-04-03T00:00:00Z', 5],
      ['2026-09-25T00:00:00Z', 5],
    ] as const)
      for (let t = Date.parse(from); t < Date.parse(from) + days * 86_400_000; t += 15 * 60_000) instants.push(t);
    // Forward, backward and interleaved: the remembered date must never leak into a neighbour.
    const order = [...instants, ...[...instants].reverse(), ...instants.filter((_, i) => i % 7 === 3)];
    for (const t of order) expect(nzDateOf(new Date(t)), new Date(t).toISOString()).toBe(nzDateByZone(t));
  });

  it('nzInstant answers the same instant again, and a caller changing its Date changes nothing', () => {
    const first = nzInstant('2026-09-27', '03:30');
    expect(first.toISOString()).toBe('2026-09-26T14:30:00.000Z');
    first.setTime(0);
    expect(nzInstant('2026-09-27', '03:30').toISOString()).toBe('2026-09-26T14:30:00.000Z');
    expect(nzInstant('2026-04-05').toISOString()).toBe('2026-04-04T11:00:00.000Z');
  });
});

describe('times in messages say NZ time (issue 26)', () => {
  it('formats a wall-clock time, a date and time, and an instant with the zone words', () => {
    expect(formatNzTime('10:00')).toBe('10:00 AM (NZ time)');
    expect(formatNzTime('14:30')).toBe('2:30 PM (NZ time)');
    expect(formatNzDateTime('2026-12-03', '10:00')).toBe('December 3, 2026 at 10:00 AM (NZ time)');
  });

  it('shows an instant on the Auckland clock, not the process zone, in NZST and NZDT', () => {
    expect(formatNzInstant(new Date('2026-12-02T21:00:00Z'))).toBe('December 3, 2026 at 10:00 AM (NZ time)'); // NZDT
    expect(formatNzInstant(new Date('2026-07-01T22:00:00Z'))).toBe('July 2, 2026 at 10:00 AM (NZ time)'); // NZST
  });

  it('marks the times of a text written elsewhere, once', () => {
    expect(labelNzTimes('Before opening at 9:00 AM; clashes with the 10:00-11:30 AM visit')).toBe(
      'Before opening at 9:00 AM (NZ time); clashes with the 10:00-11:30 AM (NZ time) visit',
    );
    expect(labelNzTimes('At 2:30 PM (NZ time)')).toBe('At 2:30 PM (NZ time)');
    expect(labelNzTimes('At 2:30pm NZT, or 3:00 PM NZ time (or 4:00 PM (NZDT))')).toBe(
      'At 2:30pm (NZ time), or 3:00 PM (NZ time) (or 4:00 PM (NZ time))',
    );
    expect(labelNzTimes('No time here, 12:30 alone')).toBe('No time here, 12:30 alone');
  });

  it('refuses a time that is not HH:mm', () => {
    expect(() => formatNzTime('25:00')).toThrow(RangeError);
    expect(() => formatNzDateTime('2026-02-30', '10:00')).toThrow(RangeError);
  });
});
