import { describe, expect, it } from 'vitest';
import { mergeBusinessHours, type HoursEntryLike } from './merge-hours';

const day = (dayOfWeek: number, openTime = '09:00', closeTime = '17:00', isOpen = true): HoursEntryLike => ({
  dayOfWeek,
  isOpen,
  openTime,
  closeTime,
});
const week = (make: (d: number) => HoursEntryLike) => [0, 1, 2, 3, 4, 5, 6].map(make);

describe('mergeBusinessHours (docs/product.md §2 footer hours)', () => {
  it('shows all seven identical days as Everyday', () => {
    expect(mergeBusinessHours(week((d) => day(d)))).toEqual({
      open: true,
      lines: [{ days: 'Everyday', hours: '9:00 AM - 5:00 PM' }],
    });
  });

  it('merges a run of more than two consecutive days as first - last, leaving closed days out', () => {
    const hours = week((d) => day(d, '09:00', '17:00', d !== 0));
    expect(mergeBusinessHours(hours).lines).toEqual([{ days: 'Monday - Saturday', hours: '9:00 AM - 5:00 PM' }]);
  });

  it('shows a single day by name and two consecutive days as a comma list', () => {
    const hours = [
      day(0, '10:00', '14:00', false),
      day(1, '08:30', '12:00'),
      day(2),
      day(3),
      day(4, '09:00', '17:00', false),
      day(5, '12:00', '20:00'),
      day(6, '12:00', '20:00'),
    ];
    expect(mergeBusinessHours(hours).lines).toEqual([
      { days: 'Monday', hours: '8:30 AM - 12:00 PM' },
      { days: 'Tuesday, Wednesday', hours: '9:00 AM - 5:00 PM' },
      { days: 'Friday, Saturday', hours: '12:00 PM - 8:00 PM' },
    ]);
  });

  it('does not merge days with different hours, nor days separated by a closed day', () => {
    const hours = [day(1), day(2, '09:00', '18:00'), day(3, '09:00', '18:00', false), day(4, '09:00', '18:00')];
    expect(mergeBusinessHours(hours).lines).toEqual([
      { days: 'Monday', hours: '9:00 AM - 5:00 PM' },
      { days: 'Tuesday', hours: '9:00 AM - 6:00 PM' },
      { days: 'Thursday', hours: '9:00 AM - 6:00 PM' },
    ]);
  });

  it('counts a missing day as closed, whatever order the entries come in', () => {
    const hours = [day(5), day(3), day(4), day(1)]; // no Sunday, Tuesday or Saturday
    expect(mergeBusinessHours(hours).lines).toEqual([
      { days: 'Monday', hours: '9:00 AM - 5:00 PM' },
      { days: 'Wednesday - Friday', hours: '9:00 AM - 5:00 PM' },
    ]);
  });

  it('runs Sunday first and does not wrap Saturday round to Sunday', () => {
    const hours = week((d) => day(d, '09:00', '17:00', d === 0 || d === 6));
    expect(mergeBusinessHours(hours).lines).toEqual([
      { days: 'Sunday', hours: '9:00 AM - 5:00 PM' },
      { days: 'Saturday', hours: '9:00 AM - 5:00 PM' },
    ]);
  });

  it('is Closed when there is no data for any day, or no day is open', () => {
    expect(mergeBusinessHours([])).toEqual({ open: false, lines: [] });
    expect(mergeBusinessHours(undefined)).toEqual({ open: false, lines: [] });
    expect(mergeBusinessHours(week((d) => day(d, '09:00', '17:00', false)))).toEqual({ open: false, lines: [] });
  });

  it('reads HH:mm:ss times and ignores unreadable entries', () => {
    const hours = [day(1, '09:00:00', '17:30:00'), day(2, 'soon', '17:00'), day(9), day(3, '09:00', '17:30')];
    expect(mergeBusinessHours(hours).lines).toEqual([
      { days: 'Monday', hours: '9:00 AM - 5:30 PM' },
      { days: 'Wednesday', hours: '9:00 AM - 5:30 PM' },
    ]);
  });

  it('shows noon and midnight hours in 12-hour form', () => {
    expect(mergeBusinessHours([day(2, '00:00', '12:30')]).lines).toEqual([
      { days: 'Tuesday', hours: '12:00 AM - 12:30 PM' },
    ]);
  });
});
