import { describe, expect, it } from 'vitest';
import { nzInstant } from '@shared/time';
import { occupiedRange } from '../visits/occupied-range';
import { daySlots, isDateOpen, type AvailabilityInput, type SlotPolicy } from './slots';

// Runs under TZ=America/Los_Angeles and TZ=UTC (see vitest.config.ts): nothing may follow the process zone.
const weekHours = [0, 1, 2, 3, 4, 5, 6].map((d) => ({
  dayOfWeek: d,
  isOpen: d !== 0,
  openTime: '09:00',
  closeTime: '17:00',
}));
const policy: SlotPolicy = { durationMinutes: 60, bufferMinutes: 30, minNoticeMinutes: 120, horizonDays: 60 };
const base: AvailabilityInput = { hours: weekHours, blocks: [], busy: [], external: [] };
// "Now" is a Monday morning in Auckland well before the dates below.
const now = nzInstant('2025-03-03', '08:00');
const allDay = [
  '09:00',
  '09:30',
  '10:00',
  '10:30',
  '11:00',
  '11:30',
  '12:00',
  '12:30',
  '13:00',
  '13:30',
  '14:00',
  '14:30',
  '15:00',
  '15:30',
  '16:00',
];

const busy = (date: string, time: string, minutes: number, buffer = 30) => {
  const r = occupiedRange(date, time, minutes, buffer);
  return { start: r.startsAt, end: r.bufferEndsAt };
};

describe('daySlots', () => {
  it.each([
    // The session ends by closing; the gap after it is only for a next visit (docs/decisions/015).
    ['a 60 min session ends by 17:00: last start 16:00', policy, allDay],
    ['a 90 min session: last start 15:30', { ...policy, durationMinutes: 90 }, allDay.slice(0, -1)],
    ['a 30 min session: last start 16:30', { ...policy, durationMinutes: 30 }, [...allDay, '16:30']],
  ])('%s', (_name, p, expected) => {
    expect(daySlots('2025-03-05', base, p, now)).toEqual(expected);
  });

  it('offers nothing on a closed day, a missing day or a full-day block', () => {
    expect(daySlots('2025-03-09', base, policy, now)).toEqual([]); // Sunday, closed
    expect(daySlots('2025-03-05', { ...base, hours: weekHours.filter((h) => h.dayOfWeek !== 3) }, policy, now)).toEqual(
      [],
    );
    const blocked = {
      ...base,
      blocks: [{ date: '2025-03-05', isFullDay: true, startTime: null, endTime: null, reason: null }],
    };
    expect(daySlots('2025-03-05', blocked, policy, now)).toEqual([]);
    expect(daySlots('2025-03-06', blocked, policy, now)).toEqual(allDay); // other days untouched
  });

  it('leaves out starts whose session or buffer would overlap a partial block', () => {
    const input = {
      ...base,
      blocks: [{ date: '2025-03-05', isFullDay: false, startTime: '12:00', endTime: '13:00', reason: null }],
    };
    const slots = daySlots('2025-03-05', input, policy, now);
    // 10:30 + 60 + 30 = 12:00 touches the block: allowed; 11:00 would run into it.
    expect(slots).toContain('10:30');
    for (const t of ['11:00', '11:30', '12:00', '12:30']) expect(slots).not.toContain(t);
    expect(slots).toContain('13:00');
  });

  it('leaves out starts that overlap an active booking or its buffer, and allows back-to-back', () => {
    const input = { ...base, busy: [busy('2025-03-05', '11:00', 60)] }; // occupies 11:00-12:30
    const slots = daySlots('2025-03-05', input, policy, now);
    expect(slots).toContain('09:30'); // 09:30-11:00 ends as the booking starts
    for (const t of ['10:00', '10:30', '11:00', '11:30', '12:00']) expect(slots).not.toContain(t);
    expect(slots).toContain('12:30'); // starts as the booking's buffer ends
  });

  it('keeps the minimum gap on both sides of a busy time from her other calendars', () => {
    const event = {
      start: nzInstant('2025-03-05', '15:00'),
      end: nzInstant('2025-03-05', '16:00'),
      calendarId: 1,
      calendarName: 'Family',
    };
    const slots = daySlots('2025-03-05', { ...base, external: [event] }, policy, now);
    expect(slots).toContain('13:30'); // 13:30-14:30, then the 30-minute gap to 15:00
    for (const t of ['14:00', '14:30', '15:00', '15:30', '16:00']) expect(slots).not.toContain(t);
    // 16:30 = the event's end plus the gap; the session must also end by 17:00 closing, so none is left.
    expect(slots.at(-1)).toBe('13:30');
    const shortDay = daySlots('2025-03-05', { ...base, external: [event] }, { ...policy, durationMinutes: 30 }, now);
    expect(shortDay).toContain('16:30');
    expect(shortDay).not.toContain('16:00');
  });

  it('lets a busy time on another date block nothing', () => {
    const event = {
      start: nzInstant('2025-03-06', '09:00'),
      end: nzInstant('2025-03-06', '17:00'),
      calendarId: 1,
      calendarName: 'Family',
    };
    expect(daySlots('2025-03-05', { ...base, external: [event] }, policy, now)).toEqual(allDay);
  });

  it('respects the minimum notice', () => {
    const at = nzInstant('2025-03-05', '10:10');
    expect(daySlots('2025-03-05', base, policy, at)[0]).toBe('12:30'); // 10:10 + 2 h = 12:10
    expect(daySlots('2025-03-05', base, { ...policy, minNoticeMinutes: 0 }, at)[0]).toBe('10:30');
  });

  it('offers nothing in the past or beyond the horizon', () => {
    expect(daySlots('2025-03-01', base, policy, now)).toEqual([]);
    expect(isDateOpen('2025-05-02', base, policy, now)).toBe(true); // today + 60 days
    expect(isDateOpen('2025-05-03', base, policy, now)).toBe(false);
    expect(daySlots('2025-05-03', base, policy, now)).toEqual([]);
  });

  it('uses today in New Zealand, not the process zone', () => {
    // 23:30 on Tuesday 4 March UTC is 12:30 on Wednesday 5 March in Auckland.
    const lateUtc = new Date('2025-03-04T23:30:00Z');
    expect(daySlots('2025-03-04', base, policy, lateUtc)).toEqual([]);
    expect(daySlots('2025-03-05', base, policy, lateUtc)[0]).toBe('14:30');
  });
});

describe('daylight-saving change days', () => {
  // 6 April 2025, first Sunday of April: 03:00 NZDT becomes 02:00 NZST. 28 September 2025,
  // last Sunday of September: 02:00 NZST becomes 03:00 NZDT. Open on Sundays for these tests.
  const open = { ...base, hours: weekHours.map((h) => ({ ...h, isOpen: true })) };
  const before = nzInstant('2025-03-30', '08:00');

  it('offers the normal grid on both days, each slot at the right instant', () => {
    expect(daySlots('2025-04-06', open, policy, before)).toEqual(allDay);
    expect(daySlots('2025-09-28', open, policy, nzInstant('2025-09-20', '08:00'))).toEqual(allDay);
    expect(nzInstant('2025-04-06', '09:00').toISOString()).toBe('2025-04-05T21:00:00.000Z'); // +12 after the change
    expect(nzInstant('2025-09-28', '09:00').toISOString()).toBe('2025-09-27T20:00:00.000Z'); // +13 after the change
  });

  it('counts a booking across the change in real minutes', () => {
    // Open 01:00 to 06:00 on the day the clocks go back: 6 real hours, not 5.
    const night = { ...open, hours: open.hours.map((h) => ({ ...h, openTime: '01:00', closeTime: '06:00' })) };
    const slots = daySlots('2025-04-06', night, { ...policy, minNoticeMinutes: 0 }, before);
    // From 01:00 NZDT to 06:00 NZST is 6 real hours: the last 60-minute session starts at 05:00 NZST.
    expect(slots[0]).toBe('01:00');
    expect(slots.at(-1)).toBe('05:00');
  });

  it('never offers a time the clocks skip', () => {
    const night = { ...open, hours: open.hours.map((h) => ({ ...h, openTime: '01:00', closeTime: '06:00' })) };
    const slots = daySlots('2025-09-28', night, { ...policy, minNoticeMinutes: 0 }, nzInstant('2025-09-20', '08:00'));
    expect(slots).not.toContain('02:00');
    expect(slots).not.toContain('02:30');
    expect(slots).toContain('01:00');
    expect(slots).toContain('03:00');
  });
});
