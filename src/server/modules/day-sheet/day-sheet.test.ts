import { describe, expect, it } from 'vitest';
import type { DayRoute } from '@shared/schemas/day-route';
import { sheetOf } from './day-sheet';

type Row = Parameters<typeof sheetOf>[0][number];
const row = (id: number, clientId: number | null, start: string, address: string): Row =>
  ({
    id,
    clientId,
    startsAt: new Date(start),
    endsAt: new Date(new Date(start).getTime() + 60 * 60_000),
    firstName: `Client${id}`,
    lastName: 'Smith',
    address,
    phone: '021 123 4567',
    serviceName: 'Swedish Massage',
    duration: 60,
  }) as Row;

const leg = (from: number | null, to: number | null, minutes: number | null, km: number | null) => ({
  kind: from === null ? ('from-base' as const) : to === null ? ('to-base' as const) : ('between' as const),
  fromBookingId: from,
  toBookingId: to,
  driveMinutes: minutes,
  km,
  gapMinutes: 60,
  requiredMinutes: null,
  feasible: true,
  unknown: km === null,
});

describe('sheetOf', () => {
  const rows = [
    row(2, 20, '2026-12-01T02:00:00Z', '5 Wainui Road, Manu Bay, Raglan 3225'),
    row(1, 10, '2026-11-30T21:00:00Z', '12 Bow Street'),
  ];
  const route: DayRoute = {
    date: '2026-12-01',
    bookingIds: [1, 2],
    visits: [],
    legs: [leg(null, 1, 5, 3.2), leg(1, 2, 12, 9.4), leg(2, null, 15, 11)],
    totalKm: 23.6,
  };

  it('lists the visits in route order, each with the drive that arrives at it, and the day’s km', () => {
    const sheet = sheetOf(
      rows,
      route,
      new Map([[10, ['Dog at the gate']]]),
      new Map(),
      new Date('2026-11-30T18:42:00Z'),
    );
    expect(sheet.visits.map((v) => v.bookingId)).toEqual([1, 2]);
    expect(sheet.visits.map((v) => [v.driveFromPreviousMinutes, v.driveKm])).toEqual([
      [5, 3.2],
      [12, 9.4],
    ]);
    expect(sheet).toMatchObject({ date: '2026-12-01', generatedAt: '2026-11-30T18:42:00.000Z', totalKm: 23.6 });
    expect(sheet.visits[0]).toMatchObject({ clientName: 'Client1 Smith', alerts: ['Dog at the gate'], suburb: null });
    expect(sheet.visits[1]).toMatchObject({ suburb: 'Manu Bay', alerts: [], healthFlags: [], durationMinutes: 60 });
  });

  it('gives a visit without a located place no drive, and a client’s red flags', () => {
    const unknown: DayRoute = { ...route, legs: [leg(null, 1, null, null), leg(1, 2, null, null)], totalKm: 0 };
    const health = new Map([[20, { status: 'current' as const, flags: ['blood thinners'] }]]);
    const sheet = sheetOf(rows, unknown, new Map(), health, new Date());
    expect(sheet.visits.map((v) => v.driveKm)).toEqual([null, null]);
    expect(sheet.visits[1]!.healthFlags).toEqual(['blood thinners']);
    expect(sheet.totalKm).toBe(0);
  });
});
