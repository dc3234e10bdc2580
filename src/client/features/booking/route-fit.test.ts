/**
 * The wizard's side of travel-aware times (docs/product.md §10): the address asked with, the keys, the nearest fitting
 * times, the words.
 */
import { describe, expect, it } from 'vitest';
import { availabilityDateUrl, availabilityRangeUrl } from './api/availability-endpoints';
import {
  addressToCheck,
  misfitOf,
  nearbyHint,
  nearestFittingTimes,
  routeAddressParam,
  routeMisfitText,
  sameRouteAddress,
  therapistFirstName,
} from './route-fit';
import { AVAILABILITY_KEY, availabilityDayKey, availabilityRangeKey } from '../../lib/queries/availability-key';

describe('the step-2 address', () => {
  it('is sent trimmed with its spaces collapsed, from 3 characters on', () => {
    expect(routeAddressParam('  12  Bow Street,   Raglan ')).toBe('12 Bow Street, Raglan');
    expect(routeAddressParam('Ham')).toBe('Ham');
    expect(routeAddressParam(' Ha ')).toBeNull();
    expect(routeAddressParam('')).toBeNull();
    expect(routeAddressParam(null)).toBeNull();
  });

  it('is the same question whatever its case and spacing', () => {
    expect(sameRouteAddress('raglan', ' Raglan ')).toBe(true);
    expect(sameRouteAddress(null, 'ab')).toBe(true);
    expect(sameRouteAddress(null, 'Raglan')).toBe(false);
    expect(sameRouteAddress('Raglan', 'Hamilton')).toBe(false);
  });

  it('goes into both availability URLs, encoded, only when given', () => {
    expect(availabilityDateUrl('2026-12-02', 60, '12 Bow St, Raglan')).toBe(
      '/api/availability/2026-12-02?duration=60&address=12%20Bow%20St%2C%20Raglan',
    );
    expect(availabilityRangeUrl({ from: '2026-12-01', to: '2026-12-31' }, 90, 'Hamilton')).toBe(
      '/api/availability?from=2026-12-01&to=2026-12-31&duration=90&address=Hamilton',
    );
    expect(availabilityDateUrl('2026-12-02', 60, null)).toBe('/api/availability/2026-12-02?duration=60');
  });
});

describe('availability query keys', () => {
  it('keep the shared prefix (the admin invalidates by it) and their old shape without an address', () => {
    expect(availabilityDayKey('2026-12-02', 60)).toEqual([...AVAILABILITY_KEY, { date: '2026-12-02', duration: 60 }]);
    expect(availabilityDayKey('2026-12-02', 60, null)).toEqual([
      ...AVAILABILITY_KEY,
      { date: '2026-12-02', duration: 60 },
    ]);
    expect(availabilityRangeKey({ from: '2026-12-01', to: '2026-12-31' }, 60)).toEqual([
      ...AVAILABILITY_KEY,
      { from: '2026-12-01', to: '2026-12-31', duration: 60 },
    ]);
  });

  it('include the address, so another address is another question', () => {
    expect(availabilityDayKey('2026-12-02', 60, 'Raglan')).toEqual([
      ...AVAILABILITY_KEY,
      { date: '2026-12-02', duration: 60, address: 'Raglan' },
    ]);
    expect(availabilityRangeKey({ from: '2026-12-01', to: '2026-12-31' }, 60, 'Hamilton')[1]).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
      duration: 60,
      address: 'Hamilton',
    });
    expect(availabilityDayKey('2026-12-02', 60, 'Raglan')).not.toEqual(
      availabilityDayKey('2026-12-02', 60, 'Hamilton'),
    );
  });
});

describe('nearest fitting times', () => {
  const fitting = ['09:00', '09:30', '12:30', '13:00', '13:30', '15:00'];

  it('are the 3 nearest to the chosen time, shown in time order', () => {
    expect(nearestFittingTimes('11:30', fitting)).toEqual(['09:30', '12:30', '13:00']);
    expect(nearestFittingTimes('14:30', fitting)).toEqual(['13:00', '13:30', '15:00']);
  });

  it('prefer the earlier time on a tie', () => {
    expect(nearestFittingTimes('11:00', ['10:00', '12:00', '16:00'], 1)).toEqual(['10:00']);
    expect(nearestFittingTimes('11:00', ['10:00', '12:00', '16:00'], 2)).toEqual(['10:00', '12:00']);
  });

  it('are fewer when fewer fit, none when none do', () => {
    expect(nearestFittingTimes('11:30', ['16:00'])).toEqual(['16:00']);
    expect(nearestFittingTimes('11:30', [])).toEqual([]);
  });
});

describe("step 3's check", () => {
  it('asks about an address typed there unless step 2 asked about the same one', () => {
    expect(addressToCheck('100 Victoria Street, Hamilton', null)).toBe('100 Victoria Street, Hamilton');
    expect(addressToCheck('Raglan', 'raglan')).toBeNull();
    expect(addressToCheck('Hamilton', 'Raglan')).toBe('Hamilton');
    // Not yet long enough to quote (docs/product.md §4: more than 5 characters).
    expect(addressToCheck('Ngā 1', null)).toBeNull();
  });

  it('says nothing while unknown or when the time fits; otherwise the nearest that fit', () => {
    expect(misfitOf(undefined, '11:30')).toBeNull();
    expect(misfitOf({ available: true, timeSlots: ['11:30'] }, null)).toBeNull();
    expect(misfitOf({ available: true, timeSlots: ['10:00', '11:30'] }, '11:30')).toBeNull();
    expect(misfitOf({ available: true, timeSlots: ['09:00', '12:30', '13:00', '16:00'] }, '11:30')).toEqual([
      '09:00',
      '12:30',
      '13:00',
    ]);
    expect(misfitOf({ available: false, timeSlots: [] }, '11:30')).toEqual([]);
  });
});

describe('the words', () => {
  it("use the therapist's first name, 'The therapist' while unknown", () => {
    expect(therapistFirstName('Aroha Ngata')).toBe('Aroha');
    expect(therapistFirstName('  ')).toBe('The therapist');
    expect(therapistFirstName(undefined)).toBe('The therapist');
    expect(nearbyHint('Aroha')).toBe('Aroha is nearby that day');
  });

  it('name the chosen time and NZ date, the real cause, and whether other times fit (issue 40)', () => {
    expect(routeMisfitText('Aroha', '2026-03-05', '11:30', true, 'gap-before')).toBe(
      "Aroha can't reach this address in time for 11:30 AM on March 5, 2026: her appointment before then leaves too little time to drive there. Times that fit:",
    );
    expect(routeMisfitText(undefined, '2026-03-05', '14:00', false, 'gap-after')).toBe(
      "The therapist can't come to this address at 2:00 PM on March 5, 2026: it would leave too little time to drive on to her next appointment that day. No other time that day fits this address.",
    );
  });

  it('blame the drive from where she starts on an empty morning, never other visits', () => {
    const text = routeMisfitText('Aroha', '2026-03-05', '09:00', true, 'from-base');
    expect(text).toBe(
      "Aroha can't reach this address in time for 9:00 AM on March 5, 2026: she sets out at the start of her day, and the drive here takes longer. Times that fit:",
    );
    expect(text).not.toMatch(/visit|appointment/);
  });

  it('blame the drive home at the end of her day for a late time', () => {
    expect(routeMisfitText('Aroha', '2026-03-05', '16:00', true, 'to-base')).toBe(
      "Aroha can't come to this address at 4:00 PM on March 5, 2026: it would leave too little time to drive home by the end of her working day. Times that fit:",
    );
  });

  it('say a time that is no longer free is not, without blaming a drive', () => {
    expect(routeMisfitText('Aroha', '2026-03-05', '10:00', false)).toBe(
      'Aroha can no longer take 10:00 AM on March 5, 2026: that time is not free any more. No other time that day fits this address.',
    );
  });
});
