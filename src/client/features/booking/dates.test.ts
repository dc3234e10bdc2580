import { describe, expect, it } from 'vitest';
import type { DayAvailability } from '@shared/schemas/booking';
import { availabilityDateUrl, availabilityRangeUrl } from './api/availability-endpoints';
import {
  availabilityByDate,
  daysInMonth,
  firstBookableDate,
  fullDayBlockedDates,
  isDateDisabled,
  lookaheadRange,
  monthBounds,
  monthOf,
  shiftMonth,
  visibleRange,
} from './dates';

const open = (date: string, slots = ['09:00', '10:00']): DayAvailability => ({
  date,
  available: slots.length > 0,
  timeSlots: slots,
});
const closed = (date: string): DayAvailability => ({ date, available: false, timeSlots: [] });

describe('month arithmetic', () => {
  it('reads and shifts months across years', () => {
    expect(monthOf('2026-12-02')).toBe('2026-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(shiftMonth('2026-03', 12)).toBe('2027-03');
  });

  it('knows month lengths, leap years included', () => {
    expect(daysInMonth('2028-02')).toBe(29);
    expect(daysInMonth('2026-02')).toBe(28);
    expect(daysInMonth('2026-04')).toBe(30);
    expect(monthBounds('2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('asks only about the month from today on', () => {
    expect(visibleRange('2026-11', '2026-11-22')).toEqual({ from: '2026-11-22', to: '2026-11-30' });
    expect(visibleRange('2026-12', '2026-11-22')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(visibleRange('2026-10', '2026-11-22')).toBeNull();
  });

  it('looks 14 days ahead, today included', () => {
    expect(lookaheadRange('2026-12-25')).toEqual({ from: '2026-12-25', to: '2027-01-07' });
  });

  it('builds the availability URLs', () => {
    expect(availabilityRangeUrl({ from: '2026-11-22', to: '2026-11-30' }, 90)).toBe(
      '/api/availability?from=2026-11-22&to=2026-11-30&duration=90',
    );
    expect(availabilityDateUrl('2026-12-02', 60)).toBe('/api/availability/2026-12-02?duration=60');
  });
});

describe('disabled dates', () => {
  const today = '2026-11-22';
  const rules = {
    today,
    fullDayBlocked: fullDayBlockedDates([
      { date: '2026-11-25', isFullDay: true },
      { date: '2026-11-26', isFullDay: false },
    ]),
    availability: availabilityByDate([
      open('2026-11-24'),
      closed('2026-11-23'),
      open('2026-11-25'),
      open('2026-11-26'),
      { date: '2026-11-27', available: true, timeSlots: [] },
    ]),
  };

  it('disables past, full-day blocked and slot-less dates', () => {
    expect(isDateDisabled('2026-11-21', rules)).toBe(true);
    expect(isDateDisabled('2026-11-23', rules)).toBe(true);
    expect(isDateDisabled('2026-11-25', rules)).toBe(true);
    expect(isDateDisabled('2026-11-27', rules)).toBe(true);
  });

  it('keeps open dates, partly blocked ones and dates not answered yet', () => {
    expect(isDateDisabled('2026-11-24', rules)).toBe(false);
    expect(isDateDisabled('2026-11-26', rules)).toBe(false);
    expect(isDateDisabled('2026-11-30', rules)).toBe(false);
  });
});

describe('firstBookableDate', () => {
  const today = '2026-11-22';

  it('picks the first open, unblocked date with slots', () => {
    const days = [closed('2026-11-22'), open('2026-11-23'), open('2026-11-24')];
    expect(firstBookableDate(days, new Set(), today)).toBe('2026-11-23');
    expect(firstBookableDate(days, new Set(['2026-11-23']), today)).toBe('2026-11-24');
  });

  it('can pick today', () => {
    expect(firstBookableDate([open('2026-11-22')], new Set(), today)).toBe('2026-11-22');
  });

  it('ignores dates outside the 14-day window and unsorted input', () => {
    const days = [open('2026-12-06'), open('2026-12-05'), open('2026-11-21')];
    expect(firstBookableDate(days, new Set(), today)).toBe('2026-12-05');
    expect(firstBookableDate([open('2026-12-06')], new Set(), today)).toBeNull();
  });

  it('answers null when nothing is open', () => {
    expect(firstBookableDate([closed('2026-11-23')], new Set(), today)).toBeNull();
    expect(firstBookableDate([], new Set(), today)).toBeNull();
  });
});
