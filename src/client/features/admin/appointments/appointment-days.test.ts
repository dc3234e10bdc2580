import { describe, expect, it } from 'vitest';
import type { BookingStatus } from '@shared/constants';
import {
  bookingsOn,
  countsByDay,
  describeCounts,
  monthOf,
  upcomingConfirmed,
  visibleWeeks,
  type BookingLike,
} from './appointment-days';
import { asList } from '../shared/as-list';
import { telHref as telUrl } from '@/lib/phone-text';
import { mailtoUrl, mapsUrl } from './contact-links';

let nextId = 1;
const booking = (date: string, time: string, status: BookingStatus = 'confirmed'): BookingLike => ({
  id: nextId++,
  date,
  time,
  status,
});

describe('visibleWeeks (the range call of the calendar, docs/product.md §7)', () => {
  it('runs from the Sunday before the first to the Saturday after the last', () => {
    // December 2026: Tuesday 1st to Thursday 31st.
    expect(visibleWeeks('2026-12')).toEqual({ startDate: '2026-11-29', endDate: '2027-01-02' });
  });

  it('starts on the 1st when the month starts on a Sunday', () => {
    // November 2026 starts on a Sunday and ends on a Monday.
    expect(visibleWeeks('2026-11')).toEqual({ startDate: '2026-11-01', endDate: '2026-12-05' });
  });

  it('ends on the last day when the month ends on a Saturday', () => {
    // October 2026: Thursday 1st, Saturday 31st.
    expect(visibleWeeks('2026-10')).toEqual({ startDate: '2026-09-27', endDate: '2026-10-31' });
  });

  it('fits exactly four weeks for a February from Sunday to Saturday', () => {
    expect(visibleWeeks('2026-02')).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
  });

  it('crosses the year boundary backwards (January) and forwards (December)', () => {
    // January 2027 starts on a Friday.
    expect(visibleWeeks('2027-01')).toEqual({ startDate: '2026-12-27', endDate: '2027-02-06' });
    // December 2025 ends on a Wednesday.
    expect(visibleWeeks('2025-12')).toEqual({ startDate: '2025-11-30', endDate: '2026-01-03' });
  });

  it('handles leap years and stays within the server limit of 62 days', () => {
    expect(visibleWeeks('2028-02')).toEqual({ startDate: '2028-01-30', endDate: '2028-03-04' });
    for (const month of ['2026-08', '2027-05', '2031-03']) {
      const { startDate, endDate } = visibleWeeks(month);
      const days = (Date.parse(endDate) - Date.parse(startDate)) / 86_400_000 + 1;
      expect(days % 7).toBe(0);
      expect(days).toBeLessThanOrEqual(42);
    }
  });

  it('reads the month of a date', () => {
    expect(monthOf('2026-12-02')).toBe('2026-12');
  });
});

describe('countsByDay / describeCounts', () => {
  it('counts each shown status per day and leaves rejected out', () => {
    const counts = countsByDay([
      booking('2026-12-02', '10:00', 'confirmed'),
      booking('2026-12-02', '11:00', 'confirmed'),
      booking('2026-12-02', '13:00', 'pending'),
      booking('2026-12-02', '15:00', 'rejected'),
      booking('2026-12-03', '09:00', 'cancelled'),
      booking('2026-12-04', '09:00', 'rejected'),
    ]);
    expect(counts.get('2026-12-02')).toEqual({ confirmed: 2, pending: 1, cancelled: 0 });
    expect(counts.get('2026-12-03')).toEqual({ confirmed: 0, pending: 0, cancelled: 1 });
    expect(counts.has('2026-12-04')).toBe(false);
  });

  it('says the counts in words, in badge order, skipping zeros', () => {
    expect(describeCounts({ confirmed: 2, pending: 1, cancelled: 0 })).toBe('2 confirmed, 1 pending');
    expect(describeCounts({ confirmed: 0, pending: 0, cancelled: 3 })).toBe('3 cancelled');
    expect(describeCounts(undefined)).toBe('');
  });
});

describe('bookingsOn (the selected day, docs/product.md §2)', () => {
  it('keeps the day, sorts by time, and hides rejected bookings', () => {
    const late = booking('2026-12-02', '15:30', 'pending');
    const early = booking('2026-12-02', '09:00', 'cancelled');
    const noon = booking('2026-12-02', '12:00');
    const rejected = booking('2026-12-02', '08:00', 'rejected');
    const otherDay = booking('2026-12-03', '07:00');
    expect(bookingsOn([late, otherDay, rejected, noon, early], '2026-12-02')).toEqual([early, noon, late]);
  });

  it('orders two at the same time by id', () => {
    const second = { id: 20, date: '2026-12-02', time: '10:00', status: 'pending' as const };
    const first = { id: 10, date: '2026-12-02', time: '10:00', status: 'cancelled' as const };
    expect(bookingsOn([second, first], '2026-12-02')).toEqual([first, second]);
  });
});

describe('upcomingConfirmed (Show all)', () => {
  // 2 Dec 2026, 10:00 in Auckland (NZDT, UTC+13) = 1 Dec 2026 21:00 UTC.
  const now = new Date('2026-12-01T21:00:00Z');

  it('keeps confirmed bookings that have not started, soonest first (Auckland clock)', () => {
    const started = booking('2026-12-02', '10:00');
    const laterToday = booking('2026-12-02', '10:30');
    const tomorrow = booking('2026-12-03', '09:00');
    const nextYear = booking('2027-01-04', '09:00');
    const pending = booking('2026-12-05', '09:00', 'pending');
    const cancelled = booking('2026-12-05', '10:00', 'cancelled');
    expect(upcomingConfirmed([nextYear, pending, tomorrow, started, cancelled, laterToday], now)).toEqual([
      laterToday,
      tomorrow,
      nextYear,
    ]);
  });
});

describe('asList (docs/product.md §7: a non-list counts as empty)', () => {
  it('passes lists and empties anything else', () => {
    expect(asList([1, 2])).toEqual([1, 2]);
    expect(asList({ message: 'x' })).toEqual([]);
    expect(asList(null)).toEqual([]);
  });
});

describe('contact links', () => {
  it('links the address to Google Maps, encoded', () => {
    expect(mapsUrl('7 Wainui Road, Raglan & Co')).toBe(
      'https://www.google.com/maps/search/?api=1&query=7%20Wainui%20Road%2C%20Raglan%20%26%20Co',
    );
  });

  it('dials digits only, keeping an international +', () => {
    expect(telUrl('021 123 4567')).toBe('tel:0211234567');
    expect(telUrl(' +64 (21) 123-4567')).toBe('tel:+64211234567');
  });

  it('writes mailto links', () => {
    expect(mailtoUrl('mere@example.nz')).toBe('mailto:mere@example.nz');
  });
});
