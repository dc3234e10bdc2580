import { describe, expect, it } from 'vitest';
import { canClientCancel, hasStarted } from '@shared/booking-rules';
import type { Booking } from '@shared/schemas/booking';
import { bookingView, cancelPageState, changePageState } from './booking-status';
import { dayLabel, formatAppointment, formatNzDateTime, formatTravelFee, formatTravelTime } from '../../lib/format';

// 2 Dec 2026, 10:00 in Auckland (NZDT, UTC+13) = 1 Dec 2026 21:00 UTC.
const start = new Date('2026-12-01T21:00:00Z');

describe('bookingView', () => {
  it('maps statuses to page states', () => {
    expect(bookingView({ status: 'pending' })).toBe('pending');
    expect(bookingView({ status: 'confirmed' })).toBe('confirmed');
    expect(bookingView({ status: 'cancelled' })).toBe('cancelled');
    expect(bookingView({ status: 'rejected' })).toBe('declined');
  });
});

describe('hasStarted / canClientCancel (Auckland wall clock, whatever the process zone)', () => {
  const booking = { date: '2026-12-02', time: '10:00', status: 'confirmed' as const };

  it('knows when the appointment starts', () => {
    expect(hasStarted(booking, new Date(start.getTime() - 60_000))).toBe(false);
    expect(hasStarted(booking, start)).toBe(true);
  });

  it('lets a client cancel a pending or confirmed booking before it starts', () => {
    const before = new Date(start.getTime() - 60_000);
    expect(canClientCancel(booking, before)).toBe(true);
    expect(canClientCancel({ ...booking, status: 'pending' }, before)).toBe(true);
    expect(canClientCancel({ ...booking, status: 'cancelled' }, before)).toBe(false);
    expect(canClientCancel({ ...booking, status: 'rejected' }, before)).toBe(false);
    expect(canClientCancel(booking, start)).toBe(false);
  });
});

describe('formatting', () => {
  it('names days the way the calendar does', () => {
    expect(dayLabel('2026-12-02')).toBe('Wednesday, December 2, 2026');
    expect(formatAppointment('2025-03-05', '14:30')).toBe('March 5, 2025 at 2:30 PM');
  });

  it('shows instants on the Auckland clock', () => {
    expect(formatNzDateTime('2026-12-01T21:00:00Z')).toBe('Wednesday, December 2 at 10:00 AM');
    expect(formatNzDateTime('not a date')).toBeNull();
  });

  it('formats fees and travel times', () => {
    expect(formatTravelFee(0)).toBe('Free');
    expect(formatTravelFee(1000)).toBe('$10.00');
    expect(formatTravelTime(25)).toBe('about 25 min');
    expect(formatTravelTime(65)).toBe('about 1 h 5 min');
    expect(formatTravelTime(120)).toBe('about 2 h');
  });
});

describe('cancelPageState', () => {
  const before = new Date(start.getTime() - 60_000);
  const booking = { date: '2026-12-02', time: '10:00', status: 'confirmed' } as Booking;

  const state = (over: Partial<Parameters<typeof cancelPageState>[0]>, now = before) =>
    cancelPageState({ cancelledHere: false, loading: false, booking, ...over }, now).kind;

  it('shows a booking cancelled here or before as cancelled, even while loading', () => {
    expect(state({ cancelledHere: true, loading: true, booking: undefined })).toBe('cancelled');
    expect(state({ booking: { ...booking, status: 'cancelled' } })).toBe('cancelled');
  });

  it('waits for the booking, then reports a missing one', () => {
    expect(state({ loading: true, booking: undefined })).toBe('loading');
    expect(state({ booking: undefined })).toBe('notFound');
  });

  it('has nothing to cancel on a declined or expired request', () => {
    expect(state({ booking: { ...booking, status: 'rejected' } })).toBe('declined');
  });

  it('offers the cancel form until the appointment starts', () => {
    expect(state({})).toBe('cancellable');
    expect(state({ booking: { ...booking, status: 'pending' } })).toBe('cancellable');
    expect(state({}, start)).toBe('started');
  });
});

describe('changePageState (issue 25, Auckland wall clock)', () => {
  const booking = { date: '2026-12-02', time: '10:00', status: 'confirmed', expiresAt: null } as Booking;
  const hoursBefore = (h: number) => new Date(start.getTime() - h * 3600_000);
  const state = (over: Partial<Parameters<typeof changePageState>[0]>, now = hoursBefore(48)) =>
    changePageState({ loading: false, booking, cutoffHours: 24, ...over }, now).kind;

  it('waits for the booking and the cut-off setting, then reports a missing booking', () => {
    expect(state({ loading: true, booking: undefined })).toBe('loading');
    expect(state({ cutoffHours: undefined })).toBe('loading');
    expect(state({ booking: undefined })).toBe('notFound');
  });

  it('has no time to change on a cancelled, declined or expired booking', () => {
    expect(state({ booking: { ...booking, status: 'cancelled' } })).toBe('cancelled');
    expect(state({ booking: { ...booking, status: 'rejected' } })).toBe('declined');
    const expiredRequest = { ...booking, status: 'pending', expiresAt: hoursBefore(50).toISOString() } as Booking;
    expect(state({ booking: expiredRequest })).toBe('declined');
  });

  it('offers the picker outside the cut-off, for a pending or confirmed visit', () => {
    expect(state({}, hoursBefore(24.5))).toBe('changeable');
    const request = { ...booking, status: 'pending', expiresAt: hoursBefore(1).toISOString() } as Booking;
    expect(state({ booking: request }, hoursBefore(30))).toBe('changeable');
  });

  it('says to call inside the cut-off (20 hours before), and that it has started after the start', () => {
    expect(state({}, hoursBefore(20))).toBe('cutoff');
    expect(state({}, hoursBefore(23.99))).toBe('cutoff');
    expect(state({ cutoffHours: 12 }, hoursBefore(20))).toBe('changeable');
    expect(state({}, start)).toBe('started');
  });
});
