import { describe, expect, it } from 'vitest';
import type { BookingStatus } from '@shared/constants';
import type { DayRoute, DayRouteLeg } from '@shared/schemas/day-route';
import { legLines, legsByAppointment, totalDrivingText } from './route-legs';

const leg = (overrides: Partial<DayRouteLeg> & Pick<DayRouteLeg, 'kind'>): DayRouteLeg => ({
  fromBookingId: null,
  toBookingId: null,
  driveMinutes: 12,
  km: 10.2,
  gapMinutes: 120,
  requiredMinutes: 12,
  feasible: true,
  unknown: false,
  ...overrides,
});

const fromBase = leg({ kind: 'from-base', toBookingId: 1 });
const between = leg({
  kind: 'between',
  fromBookingId: 1,
  toBookingId: 2,
  driveMinutes: 47,
  km: 46.7,
  gapMinutes: 30,
  requiredMinutes: 62,
  feasible: false,
});
const toBase = leg({
  kind: 'to-base',
  fromBookingId: 2,
  driveMinutes: 5,
  km: 0.4,
  gapMinutes: 400,
  requiredMinutes: 5,
});
const route: DayRoute = {
  date: '2026-12-02',
  bookingIds: [1, 2],
  visits: [
    { bookingId: 1, clientId: 1, clientAlerts: [] },
    { bookingId: 2, clientId: 2, clientAlerts: [] },
  ],
  legs: [fromBase, between, toBase],
  totalKm: 57.3,
};
const listed = (id: number, status: BookingStatus = 'confirmed') => ({ id, status });

describe('legsByAppointment (which drive goes with which appointment)', () => {
  it('puts the leg from base and each leg between before the visit it reaches, the drive home after the last', () => {
    const legs = legsByAppointment(route, [listed(1, 'pending'), listed(2)]);
    expect(legs.get(1)).toEqual({ before: fromBase });
    expect(legs.get(2)).toEqual({ before: between, after: toBase });
  });

  it('gives a cancelled appointment in the list no leg, even between two active ones', () => {
    const legs = legsByAppointment(route, [listed(1), listed(3, 'cancelled'), listed(2)]);
    expect(legs.has(3)).toBe(false);
    expect(legs.get(2)?.before).toBe(between);
  });

  it('leaves out a leg whose visit is no longer an active appointment of the list', () => {
    // Visit 1 was cancelled meanwhile; the route has not refreshed yet.
    const legs = legsByAppointment(route, [listed(1, 'cancelled'), listed(2)]);
    expect(legs.get(1)).toBeUndefined();
    expect(legs.get(2)).toEqual({ after: toBase });
  });

  it('has nothing while the route loads or when it failed', () => {
    expect(legsByAppointment(undefined, [listed(1)]).size).toBe(0);
  });
});

describe('legLines (what a leg says)', () => {
  it('says the drive between two visits, and warns when the gap is too short', () => {
    expect(legLines({ ...between, feasible: true, gapMinutes: 90 })).toEqual([
      { tone: 'drive', text: 'Drive about 47 min · 46.7 km' },
    ]);
    expect(legLines(between)).toEqual([
      { tone: 'drive', text: 'Drive about 47 min · 46.7 km' },
      { tone: 'warning', text: 'Only 30 min between these visits; the drive needs about 62 min' },
    ]);
  });

  it('says when the drive is the offline straight-line estimate (issue 40)', () => {
    expect(legLines({ ...between, feasible: true, gapMinutes: 90, estimate: true })).toEqual([
      { tone: 'drive', text: 'Drive about 47 min · 46.7 km (estimate)' },
    ]);
  });

  it('notes an unknown location quietly, and warns when even the fixed gap is not there', () => {
    const unknown = leg({
      kind: 'between',
      fromBookingId: 1,
      toBookingId: 2,
      driveMinutes: null,
      km: null,
      gapMinutes: 45,
      requiredMinutes: 30,
      unknown: true,
    });
    expect(legLines(unknown)).toEqual([{ tone: 'note', text: 'Location unknown: allow at least 30 min' }]);
    expect(legLines({ ...unknown, gapMinutes: 20, feasible: false })).toEqual([
      { tone: 'warning', text: 'Location unknown: only 20 min between these visits; allow at least 30 min' },
    ]);
  });

  it('says the drive from base and back, with their warnings', () => {
    expect(legLines(fromBase)).toEqual([{ tone: 'drive', text: 'From base: about 12 min · 10.2 km' }]);
    expect(legLines({ ...fromBase, gapMinutes: 0, feasible: false })).toEqual([
      { tone: 'drive', text: 'From base: about 12 min · 10.2 km' },
      { tone: 'warning', text: 'Leaves too little time to drive from base after opening' },
    ]);
    expect(legLines(toBase)).toEqual([{ tone: 'drive', text: 'Back to base: about 5 min · 0.4 km' }]);
    expect(legLines({ ...toBase, gapMinutes: 2, feasible: false })).toEqual([
      { tone: 'drive', text: 'Back to base: about 5 min · 0.4 km' },
      { tone: 'warning', text: 'Back to base after closing time' },
    ]);
  });

  it('says "same area" rather than a drive of 0 min and 0.0 km', () => {
    const same = { driveMinutes: 0, km: 0 };
    expect(legLines({ ...fromBase, ...same })).toEqual([{ tone: 'drive', text: 'From base: same area, no drive' }]);
    expect(legLines({ ...between, ...same, requiredMinutes: 15, gapMinutes: 30, feasible: true })).toEqual([
      { tone: 'drive', text: 'Same area, no drive' },
    ]);
    expect(legLines({ ...toBase, ...same })).toEqual([{ tone: 'drive', text: 'Back to base: same area, no drive' }]);
  });

  it('notes a base leg whose location is unknown (not checked)', () => {
    const unknown = { driveMinutes: null, km: null, requiredMinutes: null, unknown: true };
    expect(legLines({ ...fromBase, ...unknown })).toEqual([{ tone: 'note', text: 'From base: location unknown' }]);
    expect(legLines({ ...toBase, ...unknown })).toEqual([{ tone: 'note', text: 'Back to base: location unknown' }]);
  });
});

describe('totalDrivingText', () => {
  it('gives the day total when there is a visit, nothing otherwise', () => {
    expect(totalDrivingText(route)).toBe('Total driving: 57.3 km');
    expect(totalDrivingText({ date: '2026-12-02', bookingIds: [], visits: [], legs: [], totalKm: 0 })).toBeNull();
    expect(totalDrivingText(undefined)).toBeNull();
  });
});
