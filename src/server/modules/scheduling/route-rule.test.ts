import { describe, expect, it } from 'vitest';
import { nzInstant } from '@shared/time';
import type { RoutePolicy } from '../../config';
import type { LatLon } from '../travel/place-names';
import { offlineDriveLookup } from './drive-estimate';
import {
  dayLegs,
  DEFAULT_ROUTE_POLICY,
  fitsRoute,
  refusedLeg,
  requiredGapMinutes,
  type Drive,
  type DriveLookup,
  type RouteDay,
  type RouteVisit,
} from './route-rule';

// Runs under TZ=America/Los_Angeles (vitest.config.ts): every instant comes from nzInstant.
const BASE: LatLon = { lat: -37.8008, lon: 174.8706 }; // the practice, in Raglan (config/practice.json)
const RAGLAN: LatLon = { lat: -37.8009, lon: 174.8708 };
const RAGLAN_NEIGHBOUR: LatLon = { lat: -37.8011, lon: 174.8712 }; // same street
const HAMILTON: LatLon = { lat: -37.787, lon: 175.2793 };
const NGARUAWAHIA: LatLon = { lat: -37.668, lon: 175.146 };

const names = new Map<LatLon, string>([
  [BASE, 'base'],
  [RAGLAN, 'raglan'],
  [RAGLAN_NEIGHBOUR, 'neighbour'],
  [HAMILTON, 'hamilton'],
  [NGARUAWAHIA, 'ngaruawahia'],
]);

/** A fake provider: a symmetric table of drives by place name; a pair it lacks is unknown. */
function tableDrive(rows: [string, string, number, number][]): DriveLookup {
  const table = new Map<string, Drive>();
  for (const [a, b, minutes, km] of rows) {
    table.set(`${a}>${b}`, { minutes, km });
    table.set(`${b}>${a}`, { minutes, km });
  }
  return (from, to) => {
    const a = names.get(from);
    const b = names.get(to);
    if (!a || !b) throw new Error('unexpected place');
    return table.get(`${a}>${b}`) ?? null;
  };
}

// Base and Raglan are one place to the fake; so are base and the neighbour.
const drive = tableDrive([
  ['base', 'base', 0, 0],
  ['base', 'raglan', 0, 0],
  ['base', 'neighbour', 1, 0.1],
  ['raglan', 'raglan', 0, 0],
  ['raglan', 'neighbour', 0, 0],
  ['base', 'hamilton', 45, 45],
  ['raglan', 'hamilton', 45, 45],
  ['hamilton', 'hamilton', 0, 0],
  ['hamilton', 'ngaruawahia', 20, 18],
  // raglan <-> ngaruawahia: the provider could not tell
]);

const policy: RoutePolicy = { ...DEFAULT_ROUTE_POLICY };
const DATE = '2027-03-10'; // a Wednesday, NZDT
const day: RouteDay = { openAt: nzInstant(DATE, '09:00'), closeAt: nzInstant(DATE, '17:00'), base: BASE };

const visit = (start: string, end: string, location: LatLon | null, date = DATE): RouteVisit => ({
  start: nzInstant(date, start),
  end: nzInstant(date, end),
  location,
});

describe('requiredGapMinutes', () => {
  it('is the drive plus setup when that is more than the minimum gap', () => {
    expect(requiredGapMinutes(RAGLAN, HAMILTON, policy, drive)).toEqual({
      minutes: 60,
      drive: { minutes: 45, km: 45 },
      unknown: false,
    });
  });

  it('is the minimum gap when the drive plus setup is less', () => {
    const p = { ...policy, minGapMinutes: 20 };
    expect(requiredGapMinutes(RAGLAN, RAGLAN_NEIGHBOUR, p, drive)).toEqual({
      minutes: 20,
      drive: { minutes: 0, km: 0 },
      unknown: false,
    });
  });

  it('falls back to the unknown gap, flagged, for a missing location or an unknown drive', () => {
    const unknown = { minutes: 30, drive: null, unknown: true };
    expect(requiredGapMinutes(null, HAMILTON, policy, drive)).toEqual(unknown);
    expect(requiredGapMinutes(RAGLAN, null, policy, drive)).toEqual(unknown);
    expect(requiredGapMinutes(RAGLAN, NGARUAWAHIA, policy, drive)).toEqual(unknown);
    // The minimum gap still wins when it is the larger.
    expect(requiredGapMinutes(null, null, { ...policy, minGapMinutes: 40 }, drive).minutes).toBe(40);
  });
});

describe('fitsRoute', () => {
  const hamilton = (start: string, end: string) => visit(start, end, HAMILTON);

  describe('two far-apart visits (Raglan 10:00-11:00, then Hamilton 45 min away)', () => {
    const visits = [visit('10:00', '11:00', RAGLAN)];

    it('refuses 11:30 (30 min < 45 + 15) and accepts 12:00', () => {
      expect(fitsRoute(visits, hamilton('11:30', '12:30'), day, policy, drive)).toEqual({
        fits: false,
        reason: 'gap-before',
      });
      expect(fitsRoute(visits, hamilton('11:59', '12:59'), day, policy, drive)).toEqual({
        fits: false,
        reason: 'gap-before',
      });
      expect(fitsRoute(visits, hamilton('12:00', '13:00'), day, policy, drive)).toEqual({ fits: true, unknown: false });
    });

    it('checks the leg to the next visit the same way', () => {
      const later = [visit('14:00', '15:00', RAGLAN)];
      expect(fitsRoute(later, hamilton('12:00', '13:30'), day, policy, drive)).toEqual({
        fits: false,
        reason: 'gap-after',
      });
      expect(fitsRoute(later, hamilton('12:00', '13:00'), day, policy, drive)).toEqual({ fits: true, unknown: false });
    });

    it('offers a visitor from Raglan 11:30 (the issue\'s "done means")', () => {
      expect(fitsRoute(visits, visit('11:30', '12:30', RAGLAN), day, policy, drive)).toEqual({
        fits: true,
        unknown: false,
      });
    });
  });

  describe('a busy time from her other calendars (a place we do not know)', () => {
    const event = { ...visit('13:00', '14:00', null), busy: true };

    it('needs the minimum gap on both sides, not the unknown gap', () => {
      expect(fitsRoute([event], hamilton('14:15', '15:15'), day, policy, drive)).toEqual({
        fits: true,
        unknown: false,
      });
      expect(fitsRoute([event], hamilton('14:10', '15:10'), day, policy, drive)).toEqual({
        fits: false,
        reason: 'gap-before',
      });
      expect(fitsRoute([event], visit('11:45', '12:45', RAGLAN), day, policy, drive)).toEqual({
        fits: true,
        unknown: false,
      });
      expect(fitsRoute([event], visit('11:50', '12:50', RAGLAN), day, policy, drive)).toEqual({
        fits: false,
        reason: 'gap-after',
      });
    });

    it('refuses a visit that overlaps it', () => {
      expect(fitsRoute([event], hamilton('13:30', '14:30'), day, policy, drive)).toEqual({
        fits: false,
        reason: 'overlap',
      });
    });
  });

  it('same-street visits need only max(minimum gap, setup)', () => {
    const visits = [visit('10:00', '11:00', RAGLAN)];
    expect(fitsRoute(visits, visit('11:15', '12:15', RAGLAN_NEIGHBOUR), day, policy, drive).fits).toBe(true);
    expect(fitsRoute(visits, visit('11:10', '12:10', RAGLAN_NEIGHBOUR), day, policy, drive)).toEqual({
      fits: false,
      reason: 'gap-before',
    });
    const longerMinimum = { ...policy, minGapMinutes: 25 };
    expect(fitsRoute(visits, visit('11:15', '12:15', RAGLAN_NEIGHBOUR), day, longerMinimum, drive).fits).toBe(false);
    expect(fitsRoute(visits, visit('11:25', '12:25', RAGLAN_NEIGHBOUR), day, longerMinimum, drive).fits).toBe(true);
  });

  it('refuses an overlap with any visit', () => {
    const visits = [visit('10:00', '11:00', RAGLAN), visit('14:00', '15:00', HAMILTON)];
    for (const [start, end] of [
      ['10:30', '11:30'],
      ['09:30', '10:01'],
      ['09:00', '16:00'],
      ['14:59', '15:30'],
    ] as const) {
      expect(fitsRoute(visits, visit(start, end, RAGLAN), day, policy, drive)).toEqual({
        fits: false,
        reason: 'overlap',
      });
    }
  });

  describe('the first visit from base', () => {
    it('must be reachable leaving home at opening time', () => {
      expect(fitsRoute([], hamilton('09:00', '10:00'), day, policy, drive)).toEqual({
        fits: false,
        reason: 'from-base',
      });
      expect(fitsRoute([], hamilton('09:44', '10:44'), day, policy, drive)).toEqual({
        fits: false,
        reason: 'from-base',
      });
      expect(fitsRoute([], hamilton('09:45', '10:45'), day, policy, drive)).toEqual({ fits: true, unknown: false });
      // No setup on the leg from home, and the minimum gap is between visits only.
      expect(fitsRoute([], visit('09:00', '10:00', RAGLAN), day, policy, drive).fits).toBe(true);
    });

    it('only applies to the first visit: a later one comes from the visit before', () => {
      const visits = [visit('09:00', '09:30', RAGLAN)];
      expect(fitsRoute(visits, hamilton('10:30', '11:30'), day, policy, drive).fits).toBe(true);
      // A candidate before the day's first visit becomes the first: from base, then gap-after.
      const late = [visit('12:00', '13:00', HAMILTON)];
      expect(fitsRoute(late, hamilton('09:15', '10:15'), day, policy, drive)).toEqual({
        fits: false,
        reason: 'from-base',
      });
    });

    it('is off with dayStartsAtBase false', () => {
      const p = { ...policy, dayStartsAtBase: false };
      expect(fitsRoute([], hamilton('09:00', '10:00'), day, p, drive)).toEqual({ fits: true, unknown: false });
      expect(fitsRoute([], hamilton('17:30', '18:30'), day, p, drive)).toEqual({ fits: true, unknown: false });
    });
  });

  describe('the last visit home', () => {
    it('must leave time to drive home by closing time plus the grace', () => {
      // Close 17:00 + 60 min grace = 18:00; Hamilton is 45 min from home.
      expect(fitsRoute([], hamilton('16:00', '17:15'), day, policy, drive)).toEqual({ fits: true, unknown: false });
      expect(fitsRoute([], hamilton('16:00', '17:16'), day, policy, drive)).toEqual({ fits: false, reason: 'to-base' });
      expect(fitsRoute([], hamilton('16:00', '17:00'), day, { ...policy, dayEndGraceMinutes: 0 }, drive)).toEqual({
        fits: false,
        reason: 'to-base',
      });
      expect(fitsRoute([], visit('16:00', '18:00', RAGLAN), day, policy, drive).fits).toBe(true); // home is next door
    });

    it('only applies to the last visit', () => {
      const visits = [visit('17:00', '17:30', HAMILTON)];
      expect(fitsRoute(visits, hamilton('15:30', '16:30'), day, policy, drive).fits).toBe(true);
    });
  });

  describe('an unknown location', () => {
    it('needs the unknown gap between visits, and is flagged', () => {
      const visits = [visit('10:00', '11:00', RAGLAN)];
      expect(fitsRoute(visits, visit('11:29', '12:29', null), day, policy, drive)).toEqual({
        fits: false,
        reason: 'gap-before',
      });
      expect(fitsRoute(visits, visit('11:30', '12:30', null), day, policy, drive)).toEqual({
        fits: true,
        unknown: true,
      });
      // Known places whose drive the provider cannot tell are treated the same.
      expect(fitsRoute(visits, visit('11:30', '12:30', NGARUAWAHIA), day, policy, drive)).toEqual({
        fits: true,
        unknown: true,
      });
    });

    it('skips the legs to and from base, flagged', () => {
      expect(fitsRoute([], visit('09:00', '10:00', null), day, policy, drive)).toEqual({ fits: true, unknown: true });
      expect(fitsRoute([], visit('17:30', '18:00', null), day, policy, drive)).toEqual({ fits: true, unknown: true });
    });

    it('an existing visit without a location needs the unknown gap from a known candidate', () => {
      const visits = [visit('10:00', '11:00', null)];
      expect(fitsRoute(visits, visit('11:15', '12:15', RAGLAN), day, policy, drive).fits).toBe(false);
      expect(fitsRoute(visits, visit('11:30', '12:30', RAGLAN), day, policy, drive)).toEqual({
        fits: true,
        unknown: true,
      });
    });
  });

  it('an infeasible pair already on the day does not block an unrelated candidate', () => {
    // Confirmed by hand: Raglan until 11:00, Hamilton at 11:15 (needs 60 min, has 15).
    const visits = [visit('10:00', '11:00', RAGLAN), visit('11:15', '12:15', HAMILTON)];
    expect(dayLegs(visits, day, policy, drive).legs.some((l) => !l.feasible)).toBe(true);
    expect(fitsRoute(visits, hamilton('13:00', '14:00'), day, policy, drive)).toEqual({ fits: true, unknown: false });
    expect(fitsRoute(visits, visit('09:00', '09:45', RAGLAN), day, policy, drive)).toEqual({
      fits: true,
      unknown: false,
    });
    // The candidate's own legs are still checked.
    expect(fitsRoute(visits, visit('12:30', '13:30', RAGLAN), day, policy, drive)).toEqual({
      fits: false,
      reason: 'gap-before',
    });
  });

  it('judges by where she comes from and goes to, whatever the order of the list', () => {
    const visits = [
      visit('15:00', '16:00', HAMILTON),
      visit('10:00', '11:00', RAGLAN),
      visit('08:00', '08:30', RAGLAN),
    ];
    expect(fitsRoute(visits, hamilton('12:00', '13:00'), day, policy, drive)).toEqual({ fits: true, unknown: false });
    expect(fitsRoute(visits, hamilton('11:45', '12:45'), day, policy, drive)).toEqual({
      fits: false,
      reason: 'gap-before',
    });
    expect(fitsRoute(visits, visit('12:00', '14:30', RAGLAN), day, policy, drive)).toEqual({
      fits: false,
      reason: 'gap-after',
    });
  });
});

describe('dayLegs', () => {
  it('lists the legs in driving order with drives, gaps, flags and the total km of the known legs', () => {
    const visits = [
      visit('14:00', '15:00', NGARUAWAHIA), // index 0
      visit('10:00', '11:00', RAGLAN), // index 1
      visit('11:30', '12:30', HAMILTON), // index 2: too soon after Raglan
    ];
    const route = dayLegs(visits, day, policy, drive);
    expect(route.order).toEqual([1, 2, 0]);
    expect(route.legs).toEqual([
      {
        kind: 'from-base',
        from: 'base',
        to: 1,
        drive: { minutes: 0, km: 0 },
        gapMinutes: 60,
        requiredMinutes: 0,
        feasible: true,
        unknown: false,
      },
      {
        kind: 'between',
        from: 1,
        to: 2,
        drive: { minutes: 45, km: 45 },
        gapMinutes: 30,
        requiredMinutes: 60,
        feasible: false,
        unknown: false,
      },
      {
        kind: 'between',
        from: 2,
        to: 0,
        drive: { minutes: 20, km: 18 },
        gapMinutes: 90,
        requiredMinutes: 35,
        feasible: true,
        unknown: false,
      },
      // Ngāruawāhia -> base: the fake provider cannot tell.
      {
        kind: 'to-base',
        from: 0,
        to: 'base',
        drive: null,
        gapMinutes: 180,
        requiredMinutes: null,
        feasible: true,
        unknown: true,
      },
    ]);
    expect(route.totalKm).toBe(63);
  });

  it('reports an unknown location as an unknown leg with the unknown gap', () => {
    const route = dayLegs([visit('10:00', '11:00', RAGLAN), visit('11:20', '12:00', null)], day, policy, drive);
    expect(route.legs.map((l) => [l.kind, l.requiredMinutes, l.feasible, l.unknown])).toEqual([
      ['from-base', 0, true, false],
      ['between', 30, false, true],
      ['to-base', null, true, true],
    ]);
    expect(route.totalKm).toBe(0);
  });

  it('flags the base legs that break the rule', () => {
    const route = dayLegs([visit('09:30', '10:30', HAMILTON), visit('16:00', '17:30', HAMILTON)], day, policy, drive);
    expect(route.legs.map((l) => [l.kind, l.gapMinutes, l.requiredMinutes, l.feasible])).toEqual([
      ['from-base', 30, 45, false],
      ['between', 330, 15, true],
      ['to-base', 30, 45, false],
    ]);
    expect(route.totalKm).toBe(90);
  });

  it('does not check the drive from base to a first visit she booked before opening time', () => {
    const route = dayLegs([visit('08:00', '09:00', HAMILTON)], day, policy, drive);
    expect(route.legs[0]).toEqual({
      kind: 'from-base',
      from: 'base',
      to: 0,
      drive: { minutes: 45, km: 45 },
      gapMinutes: -60,
      requiredMinutes: null,
      feasible: true,
      unknown: false,
    });
  });

  it('has no base legs with dayStartsAtBase false, and nothing for an empty day', () => {
    const p = { ...policy, dayStartsAtBase: false };
    const route = dayLegs([visit('10:00', '11:00', RAGLAN), visit('12:00', '13:00', HAMILTON)], day, p, drive);
    expect(route.legs.map((l) => l.kind)).toEqual(['between']);
    expect(route.totalKm).toBe(45);
    expect(dayLegs([], day, policy, drive)).toEqual({ order: [], legs: [], totalKm: 0 });
  });

  it('reports overlapping visits (booked by hand) as an infeasible leg with a negative gap', () => {
    const route = dayLegs([visit('10:00', '11:00', RAGLAN), visit('10:30', '11:30', RAGLAN)], day, policy, drive);
    expect(route.legs[1]).toMatchObject({ kind: 'between', gapMinutes: -30, feasible: false });
  });
});

describe('daylight-saving change days (real elapsed minutes, not the wall clock)', () => {
  // A 105-minute drive: 120 minutes with setup.
  const longDrive: DriveLookup = (from, to) => (from === to ? { minutes: 0, km: 0 } : { minutes: 105, km: 100 });
  const A: LatLon = { lat: -37.8, lon: 174.87 };
  const B: LatLon = { lat: -38.7, lon: 176.08 };
  const dayOf = (date: string): RouteDay => ({
    openAt: nzInstant(date, '00:00'),
    closeAt: nzInstant(date, '23:00'),
    base: A,
  });

  it('4 April 2027 (03:00 NZDT becomes 02:00 NZST): 01:30 to 03:00 is 150 minutes', () => {
    const date = '2027-04-04';
    const visits = [visit('00:30', '01:30', A, date)];
    const candidate = visit('03:00', '04:00', B, date); // 90 minutes on the wall clock
    expect(fitsRoute(visits, candidate, dayOf(date), policy, longDrive)).toEqual({ fits: true, unknown: false });
    expect(dayLegs([...visits, candidate], dayOf(date), policy, longDrive).legs[1]).toMatchObject({
      gapMinutes: 150,
      feasible: true,
    });
  });

  it('26 September 2027 (02:00 NZST becomes 03:00 NZDT): 01:30 to 03:15 is 45 minutes', () => {
    const date = '2027-09-26';
    const visits = [visit('00:30', '01:30', A, date)];
    const candidate = visit('03:15', '04:15', B, date); // 105 minutes on the wall clock
    expect(fitsRoute(visits, candidate, dayOf(date), policy, longDrive)).toEqual({ fits: false, reason: 'gap-before' });
    expect(dayLegs([...visits, candidate], dayOf(date), policy, longDrive).legs[1]).toMatchObject({
      gapMinutes: 45,
      feasible: false,
    });
    expect(fitsRoute(visits, visit('04:30', '05:30', B, date), dayOf(date), policy, longDrive).fits).toBe(true); // 120 minutes
  });

  it('measures the grace home in real minutes on the short day', () => {
    // Closing at 03:00 NZDT plus the 60 min grace: home by 04:00 NZDT.
    const date = '2027-09-26';
    const shortDay: RouteDay = { openAt: nzInstant(date, '00:00'), closeAt: nzInstant(date, '03:00'), base: B };
    const route = dayLegs([visit('00:30', '01:30', A, date)], shortDay, policy, longDrive);
    // 01:30 NZST to 04:00 NZDT is 90 real minutes (150 on the wall clock): a 105-minute drive does not fit.
    expect(route.legs[1]).toMatchObject({ kind: 'to-base', gapMinutes: 90, feasible: false });
  });
});

describe('with the offline estimate (straight line x 1.3 at 60 km/h)', () => {
  const offline = offlineDriveLookup({ roadFactor: 1.3, averageSpeedKmh: 60 });
  const visits = [visit('10:00', '11:00', RAGLAN)];

  it('Raglan to Hamilton is about 47 km and 47 minutes: 12:00 is refused, 12:30 fits', () => {
    const gap = requiredGapMinutes(RAGLAN, HAMILTON, policy, offline);
    expect(gap.drive!.km).toBeCloseTo(46.7, 0);
    expect(gap.minutes).toBe(gap.drive!.minutes + 15);
    expect(gap.minutes).toBeGreaterThan(60);
    expect(gap.minutes).toBeLessThanOrEqual(90);
    expect(fitsRoute(visits, visit('11:30', '12:30', HAMILTON), day, policy, offline)).toEqual({
      fits: false,
      reason: 'gap-before',
    });
    expect(fitsRoute(visits, visit('12:00', '13:00', HAMILTON), day, policy, offline)).toEqual({
      fits: false,
      reason: 'gap-before',
    });
    expect(fitsRoute(visits, visit('12:30', '13:30', HAMILTON), day, policy, offline)).toEqual({
      fits: true,
      unknown: false,
    });
    expect(fitsRoute(visits, visit('11:30', '12:30', RAGLAN_NEIGHBOUR), day, policy, offline)).toEqual({
      fits: true,
      unknown: false,
    });
  });

  it("totals a day's km: base, Raglan, Ngāruawāhia, Hamilton and home", () => {
    const day3 = [
      visit('09:30', '10:30', RAGLAN),
      visit('12:00', '13:00', NGARUAWAHIA),
      visit('14:00', '15:00', HAMILTON),
    ];
    const route = dayLegs(day3, day, policy, offline);
    expect(route.legs.every((l) => l.feasible && !l.unknown)).toBe(true);
    const sum = route.legs.reduce((km, l) => km + l.drive!.km, 0);
    expect(route.totalKm).toBeCloseTo(sum, 9);
    expect(route.totalKm).toBeGreaterThan(100);
    expect(route.totalKm).toBeLessThan(115);
  });
});

describe('refusedLeg', () => {
  const visits = [visit('10:00', '11:00', RAGLAN)];
  const refused = (candidate: RouteVisit, p = policy) => refusedLeg(visits, candidate, day, p, drive);

  /** The refusal's reason and the failing leg's ends and minutes. */
  const summary = (r: ReturnType<typeof refusedLeg>) =>
    r && 'leg' in r
      ? [r.reason, r.leg.kind, r.leg.from, r.leg.to, r.leg.gapMinutes, r.leg.requiredMinutes]
      : [r?.reason ?? null];

  it('gives the leg that fails, with what it needs and has', () => {
    // The candidate is index 1, after the one visit.
    expect(summary(refused(visit('11:30', '12:30', HAMILTON)))).toEqual(['gap-before', 'between', 0, 1, 30, 60]);
    expect(summary(refused(visit('08:30', '09:30', HAMILTON)))).toEqual(['gap-after', 'between', 1, 0, 30, 60]);
    expect(summary(refusedLeg([], visit('09:30', '10:30', HAMILTON), day, policy, drive))).toEqual([
      'from-base',
      'from-base',
      'base',
      0,
      30,
      45,
    ]);
    expect(summary(refused(visit('16:00', '17:30', HAMILTON)))).toEqual(['to-base', 'to-base', 1, 'base', 30, 45]);
  });

  it('names the visit it overlaps, and is null exactly when fitsRoute fits', () => {
    expect(refused(visit('10:30', '11:30', RAGLAN))).toEqual({ reason: 'overlap', visit: 0 });
    for (const start of ['09:00', '11:15', '11:30', '12:00', '15:00', '16:00']) {
      const [h, m] = start.split(':').map(Number) as [number, number];
      const end = `${String(h + 1).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
      for (const place of [RAGLAN, HAMILTON, null]) {
        const candidate = visit(start, end, place);
        const fit = fitsRoute(visits, candidate, day, policy, drive);
        expect(refused(candidate)?.reason).toBe(fit.fits ? undefined : fit.reason);
      }
    }
  });
});
