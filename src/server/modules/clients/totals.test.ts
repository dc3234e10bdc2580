import { describe, expect, it } from 'vitest';
import { addressesOf, clientTotals, suburbOf, type CountedBooking } from './totals';

const now = new Date('2025-06-10T00:00:00Z');
const past = new Date('2025-06-01T00:00:00Z');
const future = new Date('2025-06-20T00:00:00Z');
const b = (
  status: CountedBooking['status'],
  startsAt: Date,
  price = 8000,
  travelCost = 0,
  outcome: CountedBooking['outcome'] = null,
  lateCancellation = false,
): CountedBooking => ({ status, startsAt, price, travelCost, outcome, lateCancellation });

describe('clientTotals', () => {
  it('counts held visits with their spend, upcoming and cancellations; requests count in none', () => {
    const totals = clientTotals(
      [
        b('confirmed', past, 8000, 1500),
        b('confirmed', past, 12000),
        b('confirmed', future),
        b('cancelled', past),
        b('cancelled', future),
        b('pending', future),
        b('rejected', past),
      ],
      now,
    );
    expect(totals).toEqual({
      visits: 2,
      upcoming: 1,
      spend: 21500,
      cancellations: 2,
      noShows: 0,
      lateCancellations: 0,
    });
  });

  it('counts a no-show as one, not as a visit, and not in the spend; a completed visit is a visit', () => {
    const totals = clientTotals(
      [b('confirmed', past, 8000, 0, 'no-show'), b('confirmed', past, 9000, 0, 'completed'), b('confirmed', past)],
      now,
    );
    expect(totals).toEqual({
      visits: 2,
      upcoming: 0,
      spend: 17000,
      cancellations: 0,
      noShows: 1,
      lateCancellations: 0,
    });
  });

  it('is all zero without bookings', () => {
    expect(clientTotals([], now)).toEqual({
      visits: 0,
      upcoming: 0,
      spend: 0,
      cancellations: 0,
      noShows: 0,
      lateCancellations: 0,
    });
  });

  it('counts a cancellation she marked late (issue 25) beside the no-shows, not with the other cancellations', () => {
    const totals = clientTotals(
      [b('cancelled', future, 8000, 0, null, true), b('cancelled', past, 8000, 0, null, true), b('cancelled', past)],
      now,
    );
    expect(totals).toEqual({ visits: 0, upcoming: 0, spend: 0, cancellations: 1, noShows: 0, lateCancellations: 2 });
  });
});

describe('addressesOf', () => {
  it('groups one address however it is spaced or cased, the latest first', () => {
    expect(
      addressesOf([
        { address: '12 Bow Street, Raglan', date: '2025-01-01' },
        { address: '3 Wainui Road, Raglan', date: '2025-03-01' },
        { address: '12  bow street, Raglan ', date: '2025-02-01' },
      ]),
    ).toEqual([
      { address: '3 Wainui Road, Raglan', bookings: 1, lastUsedOn: '2025-03-01' },
      { address: '12 Bow Street, Raglan', bookings: 2, lastUsedOn: '2025-02-01' },
    ]);
  });
});

describe('suburbOf', () => {
  it('takes the part after the street, without postcode or country', () => {
    expect(suburbOf('12 Bow Street, Raglan')).toBe('Raglan');
    expect(suburbOf('12 Bow Street, Whale Bay, Raglan 3225, New Zealand')).toBe('Whale Bay');
    expect(suburbOf('5 Main Rd, Hamilton 3204')).toBe('Hamilton');
  });

  it('answers null for one part or nothing', () => {
    expect(suburbOf('Somewhere rural')).toBeNull();
    expect(suburbOf(null)).toBeNull();
  });
});
