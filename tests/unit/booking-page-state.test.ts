import { describe, expect, it } from 'vitest';
import type { Booking } from '@shared/schemas/booking';
import { cancelPageState } from '../../src/client/features/booking/booking-status';
import { serviceChoice } from '../../src/client/features/booking/wizard-state';

// 2 Dec 2026, 10:00 in Auckland (NZDT, UTC+13) = 1 Dec 2026 21:00 UTC.
const start = new Date('2026-12-01T21:00:00Z');
const before = new Date(start.getTime() - 60_000);
const booking = { date: '2026-12-02', time: '10:00', status: 'confirmed' } as Booking;

describe('cancelPageState', () => {
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

describe('serviceChoice', () => {
  it('advances with a new service and clears the date and time', () => {
    expect(serviceChoice({ serviceId: null, duration: null }, { serviceId: 1, duration: 60 })).toEqual({
      changed: true,
      advance: true,
    });
    expect(serviceChoice({ serviceId: 1, duration: 60 }, { serviceId: 2, duration: 60 })).toEqual({
      changed: true,
      advance: true,
    });
  });

  it('only updates the card when the chosen card switches length', () => {
    expect(serviceChoice({ serviceId: 1, duration: 60 }, { serviceId: 1, duration: 90 })).toEqual({
      changed: true,
      advance: false,
    });
  });

  it('keeps the date and time when the same choice is selected again', () => {
    expect(serviceChoice({ serviceId: 1, duration: 60 }, { serviceId: 1, duration: 60 })).toEqual({
      changed: false,
      advance: true,
    });
  });
});
