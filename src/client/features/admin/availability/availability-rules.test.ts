import { describe, expect, it } from 'vitest';
import type { BookingStatus } from '@shared/constants';
import type { BlockedDate } from '@shared/schemas/blocked-date';
import {
  changedHours,
  endChoices,
  findBlockConflicts,
  findHoursConflicts,
  fullDayBlocks,
  sortBlockedDates,
  timeChoices,
  weekHours,
  type ConflictBooking,
} from './availability-rules';

let nextId = 1;
const booking = (date: string, time: string, status: BookingStatus = 'confirmed', duration = 60): ConflictBooking => ({
  id: nextId++,
  date,
  time,
  duration,
  status,
});
const block = (date: string, extra: Partial<BlockedDate> = {}): BlockedDate => ({
  id: nextId++,
  date,
  startTime: null,
  endTime: null,
  isFullDay: true,
  reason: null,
  ...extra,
});

// 2026-11-29 is a Sunday; "today" is Monday 2026-11-23 (NZ).
const TODAY = '2026-11-23';

describe('timeChoices / endChoices (docs/product.md §9, §5 Business hours)', () => {
  it('offers every 30 minutes from 00:00 to 23:00', () => {
    const choices = timeChoices();
    expect(choices).toHaveLength(47);
    expect(choices[0]).toBe('00:00');
    expect(choices[1]).toBe('00:30');
    expect(choices.at(-1)).toBe('23:00');
    expect(choices).not.toContain('23:30');
  });

  it('offers only end times later than the start', () => {
    expect(endChoices('09:00')[0]).toBe('09:30');
    expect(endChoices('09:00')).not.toContain('09:00');
    expect(endChoices('22:30')).toEqual(['23:00']);
    expect(endChoices('23:00')).toEqual([]);
  });
});

describe('weekHours and changedHours (docs/product.md §3 Business hours entry)', () => {
  it('lists Sunday to Saturday; a missing day shows closed 09:00-17:00', () => {
    const week = weekHours([{ id: 1, dayOfWeek: 1, isOpen: true, openTime: '08:00', closeTime: '12:00' }]);
    expect(week.map((d) => d.name)).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
    expect(week[0]).toMatchObject({ dayOfWeek: 0, isOpen: false, openTime: '09:00', closeTime: '17:00' });
    expect(week[1]).toMatchObject({ dayOfWeek: 1, isOpen: true, openTime: '08:00', closeTime: '12:00' });
  });

  it('a missing day is open 09:00-17:00 when first edited', () => {
    const [sunday] = weekHours([]);
    expect(changedHours(sunday!, { closeTime: '15:00' }, false)).toEqual({
      dayOfWeek: 0,
      isOpen: true,
      openTime: '09:00',
      closeTime: '15:00',
    });
  });

  it('moves the end past a new start that reaches it', () => {
    const [sunday] = weekHours([{ id: 1, dayOfWeek: 0, isOpen: true, openTime: '09:00', closeTime: '12:00' }]);
    expect(changedHours(sunday!, { openTime: '13:00' }, true)).toMatchObject({ openTime: '13:00', closeTime: '13:30' });
    expect(changedHours(sunday!, { isOpen: false }, true)).toEqual({
      dayOfWeek: 0,
      isOpen: false,
      openTime: '09:00',
      closeTime: '12:00',
    });
  });
});

describe('sortBlockedDates and fullDayBlocks (docs/product.md §2 Blocked Dates)', () => {
  it('orders by date ascending, the whole day before parts, parts by start', () => {
    const a = block('2026-12-24');
    const b = block('2026-12-02', { isFullDay: false, startTime: '13:00', endTime: '15:00' });
    const c = block('2026-12-02', { isFullDay: false, startTime: '09:00', endTime: '10:00' });
    const d = block('2026-11-30');
    expect(sortBlockedDates([a, b, c, d]).map((x) => x.id)).toEqual([d.id, c.id, b.id, a.id]);
  });

  it('maps only whole-day blocks by date', () => {
    const whole = block('2026-12-01');
    const part = block('2026-12-02', { isFullDay: false, startTime: '09:00', endTime: '10:00' });
    const map = fullDayBlocks([whole, part]);
    expect(map.get('2026-12-01')).toBe(whole);
    expect(map.has('2026-12-02')).toBe(false);
  });
});

describe('findHoursConflicts (closing or narrowing a day warns, never cancels)', () => {
  const sundayBooking = booking('2026-11-29', '10:00');
  const pendingSunday = booking('2026-12-06', '16:30', 'pending');
  const cancelledSunday = booking('2026-11-29', '11:00', 'cancelled');
  const rejectedSunday = booking('2026-11-29', '12:00', 'rejected');
  const pastSunday = booking('2026-11-22', '10:00');
  const monday = booking('2026-11-30', '10:00');
  const all = [pendingSunday, sundayBooking, cancelledSunday, rejectedSunday, pastSunday, monday];

  it('closing a day names every active booking on that weekday from today, in order', () => {
    expect(
      findHoursConflicts(all, { dayOfWeek: 0, isOpen: false, openTime: '09:00', closeTime: '17:00' }, TODAY),
    ).toEqual([sundayBooking, pendingSunday]);
  });

  it('narrowed hours name the bookings that start before or end after them', () => {
    // 16:30 + 60 min ends 17:30, after a 17:00 close; 10:00 is before a 10:30 open.
    expect(
      findHoursConflicts(all, { dayOfWeek: 0, isOpen: true, openTime: '09:00', closeTime: '17:00' }, TODAY),
    ).toEqual([pendingSunday]);
    expect(
      findHoursConflicts(all, { dayOfWeek: 0, isOpen: true, openTime: '10:30', closeTime: '18:00' }, TODAY),
    ).toEqual([sundayBooking]);
    expect(
      findHoursConflicts(all, { dayOfWeek: 0, isOpen: true, openTime: '08:00', closeTime: '18:00' }, TODAY),
    ).toEqual([]);
  });
});

describe('findBlockConflicts', () => {
  const morning = booking('2026-12-01', '09:00', 'confirmed', 90);
  const afternoon = booking('2026-12-01', '14:00', 'pending');
  const cancelled = booking('2026-12-01', '11:00', 'cancelled');
  const otherDay = booking('2026-12-02', '09:00');
  const all = [afternoon, morning, cancelled, otherDay];

  it('a whole-day block names every active booking on that date', () => {
    expect(findBlockConflicts(all, { date: '2026-12-01', isFullDay: true }, TODAY)).toEqual([morning, afternoon]);
  });

  it('a partial block names only the bookings overlapping its times', () => {
    // 09:00 + 90 min runs to 10:30: it overlaps 10:00-12:00; 14:00 does not.
    expect(
      findBlockConflicts(all, { date: '2026-12-01', isFullDay: false, startTime: '10:00', endTime: '12:00' }, TODAY),
    ).toEqual([morning]);
    // Touching ends do not overlap.
    expect(
      findBlockConflicts(all, { date: '2026-12-01', isFullDay: false, startTime: '10:30', endTime: '14:00' }, TODAY),
    ).toEqual([]);
  });
});
