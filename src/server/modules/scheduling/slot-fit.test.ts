import { describe, expect, it } from 'vitest';
import { nzInstant } from '@shared/time';
import type { LatLon } from '../travel/place-names';
import { DEFAULT_ROUTE_POLICY, type Drive, type DriveLookup, type RouteVisit } from './route-rule';
import { candidateVisit, fittingSlots, NEARBY_DRIVE_MINUTES, type SlotFitInput } from './slot-fit';

// Runs under TZ=America/Los_Angeles and UTC (vitest.config.ts): every instant comes from nzInstant.
const BASE: LatLon = { lat: -37.8, lon: 174.87 };
const RAGLAN: LatLon = { lat: -37.801, lon: 174.871 };
const WHALE_BAY: LatLon = { lat: -37.83, lon: 174.8 }; // 10 min from Raglan
const HAMILTON: LatLon = { lat: -37.787, lon: 175.279 };
const place = (p: LatLon) => [BASE, RAGLAN, WHALE_BAY, HAMILTON].indexOf(p);

/** Minutes between places by index (base, raglan, whale bay, hamilton); km = minutes for the fake. */
const MINUTES = [
  [0, 0, 10, 45],
  [0, 0, 10, 45],
  [10, 10, 0, 50],
  [45, 45, 50, 0],
];
const drive: DriveLookup = (a, b): Drive => {
  const m = MINUTES[place(a)]![place(b)]!;
  return { minutes: m, km: m };
};

const DATE = '2027-03-03'; // a Wednesday
const visit = (time: string, location: LatLon | null, minutes = 60): RouteVisit =>
  candidateVisit(DATE, time, minutes, location);
const times = ['09:00', '10:00', '11:00', '11:30', '12:00', '13:00', '14:00', '15:00', '16:00'];

function input(visits: RouteVisit[], location: LatLon | null, date = DATE): SlotFitInput {
  return {
    date,
    durationMinutes: 60,
    visits,
    day: { openAt: nzInstant(date, '09:00'), closeAt: nzInstant(date, '17:00'), base: BASE },
    location,
    policy: DEFAULT_ROUTE_POLICY,
    drive,
  };
}

describe('fittingSlots', () => {
  it('offers a Raglan visitor the time right after a Raglan visit, and a Hamilton visitor only an hour later', () => {
    const day = [visit('10:00', RAGLAN)];
    const raglan = fittingSlots(input(day, RAGLAN), times);
    expect(raglan.timeSlots).toContain('11:30'); // 11:00 + max(15, 0 + 15)
    const hamilton = fittingSlots(input(day, HAMILTON), times);
    // Not 09:00 (45 min from base, leaving at 09:00), not 11:30; 12:00 = 11:00 + 45 + 15 exactly;
    // 16:00 ends at 17:00 and is home by 17:45, within closing plus the hour's grace.
    expect(hamilton.timeSlots).toEqual(['12:00', '13:00', '14:00', '15:00', '16:00']);
  });

  it('marks nearby times: next to a visit within the nearby drive, gap at most an hour', () => {
    const day = [visit('10:00', RAGLAN)];
    const { timeSlots, nearbyTimes } = fittingSlots(input(day, WHALE_BAY), times);
    expect(timeSlots).toEqual(['11:30', '12:00', '13:00', '14:00', '15:00', '16:00']);
    // 11:30 and 12:00 start within an hour of 11:00; 13:00 does not.
    expect(nearbyTimes).toEqual(['11:30', '12:00']);
    expect(NEARBY_DRIVE_MINUTES).toBeGreaterThanOrEqual(10);
    // Hamilton is never "nearby" a Raglan visit.
    expect(fittingSlots(input(day, HAMILTON), ['13:00', '14:00']).nearbyTimes).toEqual([]);
  });

  it('marks a time before a visit too, when the visitor is nearby', () => {
    const day = [visit('14:00', RAGLAN)];
    const { nearbyTimes } = fittingSlots(input(day, WHALE_BAY), ['11:00', '12:00', '12:30']);
    expect(nearbyTimes).toEqual(['12:00', '12:30']); // ends 13:00 / 13:30: within an hour of 14:00
  });

  it('names why each refused time does not fit (issue 40): from base, home, the appointment before or after', () => {
    // An empty day: 09:00 in Hamilton is refused for the 45 min drive from base after opening, not for other visits.
    expect(fittingSlots(input([], HAMILTON), ['09:00', '10:00', '16:00', '16:30']).misfits).toEqual({
      '09:00': 'from-base',
      '16:30': 'to-base', // ends 17:30, home 18:15: past closing plus the hour's grace
    });
    const morning = [visit('10:00', RAGLAN)];
    expect(fittingSlots(input(morning, HAMILTON), ['11:30', '12:00']).misfits).toEqual({ '11:30': 'gap-before' });
    const afternoon = [visit('14:00', RAGLAN)];
    // 12:30-13:30, then 45 min drive + 15 setup before 14:00: too little.
    expect(fittingSlots(input(afternoon, HAMILTON), ['12:00', '12:30']).misfits).toEqual({ '12:30': 'gap-after' });
  });

  it('leaves a time that overlaps a visit out of both lists: it is not free, no drive is to blame', () => {
    const fit = fittingSlots(input([visit('10:00', RAGLAN)], RAGLAN), ['10:30']);
    expect(fit).toEqual({ timeSlots: [], nearbyTimes: [], misfits: {} });
  });

  it('applies the unknown gap to a visitor who could not be located, and marks nothing nearby', () => {
    const day = [visit('10:00', RAGLAN)];
    const lost = fittingSlots(input(day, null), ['11:15', '11:30']);
    expect(lost.timeSlots).toEqual(['11:30']); // 11:00 + 30
    expect(lost.nearbyTimes).toEqual([]);
  });

  it('counts real minutes on the day daylight saving ends (clocks go back at 03:00)', () => {
    const date = '2027-04-04';
    const day = [candidateVisit(date, '01:00', 60, RAGLAN)]; // ends 02:00 NZDT
    const on = {
      ...input(day, HAMILTON, date),
      day: { openAt: nzInstant(date, '00:00'), closeAt: nzInstant(date, '17:00'), base: BASE },
    };
    // 02:00 NZDT to 03:00 NZST is two real hours (one on the wall clock): Hamilton's 45 + 15 fits.
    expect(nzInstant(date, '03:00').getTime() - day[0]!.end.getTime()).toBe(120 * 60_000);
    expect(fittingSlots(on, ['03:00']).timeSlots).toEqual(['03:00']);
    // With a 90-minute drive it would not: the rule measures the 120 real minutes, not 60 wall-clock ones.
    const slow: DriveLookup = (a, b) => ({ ...drive(a, b)!, minutes: place(a) === place(b) ? 0 : 110 });
    expect(fittingSlots({ ...on, drive: slow }, ['03:00']).timeSlots).toEqual([]);
    expect(
      fittingSlots({ ...on, drive: (a, b) => ({ ...drive(a, b)!, minutes: place(a) === place(b) ? 0 : 100 }) }, [
        '03:00',
      ]).timeSlots,
    ).toEqual(['03:00']);
  });
});
