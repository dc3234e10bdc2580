import { describe, expect, it } from 'vitest';
import { EXPLAIN_REASON_CODES, type ExplainReasonCode } from '@shared/schemas/other-calendar';
import { addDaysToDate, DAY_MS, MINUTE_MS, nzInstant, nzMinuteInstant } from '@shared/time';
import { loadConfig, type AppConfig } from '../../config';
import type { DriveSource } from '../scheduling/drive-source';
import type { Drive, RouteVisit } from '../scheduling/route-rule';
import { fittingSlots } from '../scheduling/slot-fit';
import type { LatLon } from '../travel/place-names';
import { candidateMinutes, explainDay, explainTime } from './explain';
import { slotFitInput, type Visitor } from './offered-slots';
import type { OfferInput } from './repository';
import { daySlots, type BusyRange, type DayBlock, type DayHours, type ExternalBusy } from './slots';

// Runs under TZ=America/Los_Angeles and UTC (vitest.config.ts): every instant comes from the NZ helpers.

/** mulberry32: a small seeded generator, so a failing case can be found again by its number. */
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(list: readonly T[]): T => list[int(list.length)]!, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof seeded>;

const PLACES: LatLon[] = [
  { lat: -37.8, lon: 174.87 }, // base
  { lat: -37.801, lon: 174.871 },
  { lat: -37.83, lon: 174.8 },
  { lat: -37.787, lon: 175.279 },
  { lat: -37.668, lon: 175.146 },
];
const BASE = PLACES[0]!;
/** Minutes between the places by index; null: the provider could not tell. */
const MINUTES: (number | null)[][] = [
  [0, 1, 10, 45, 40],
  [1, 0, 10, 45, null],
  [10, 10, 0, 50, 38.5],
  [45, 45, 50, 0, 20],
  [40, null, 38.5, 20, 0],
];
const lookup = (a: LatLon, b: LatLon): Drive | null => {
  const m = MINUTES[PLACES.indexOf(a)]![PLACES.indexOf(b)]!;
  return m === null ? null : { minutes: m, km: m };
};
const drives: DriveSource = { name: 'fake', prefetch: async () => {}, lookup, forget: () => {} };
const baseConfig = loadConfig({ NODE_ENV: 'test' });

// Clock changes in Auckland: 2027-04-04 (back an hour at 03:00) and 2027-09-26 (forward at 02:00).
const DATES = ['2027-04-04', '2027-09-26', '2027-04-03', '2027-09-25', '2027-03-10', '2027-06-15', '2027-09-27'];
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

function randomHours(r: Random): DayHours[] {
  const allClosed = r.chance(0.05);
  return [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => {
    // Mostly on the half hour; now and then on the quarter, off the 30-minute grid.
    const unit = r.chance(0.1) ? 15 : 30;
    const open = r.int((12 * 60) / unit) * unit;
    const close = Math.min(open + unit * (1 + r.int((14 * 60) / unit)), 23 * 60 + 45);
    return { dayOfWeek, isOpen: !allClosed && r.chance(0.8), openTime: hhmm(open), closeTime: hhmm(close) };
  });
}

function randomBlocks(r: Random, date: string): DayBlock[] {
  const blocks: DayBlock[] = [];
  for (let i = r.int(3); i > 0; i--) {
    const on = r.chance(0.85) ? date : addDaysToDate(date, r.pick([-1, 1]));
    const reason = r.chance(0.5) ? r.pick(['Dentist', 'Holiday']) : null;
    if (r.chance(0.15)) blocks.push({ date: on, isFullDay: true, startTime: null, endTime: null, reason });
    else {
      const from = r.int(96) * 15;
      const to = Math.min(from + 15 * (1 + r.int(16)), 23 * 60 + 59);
      blocks.push({ date: on, isFullDay: false, startTime: hhmm(from), endTime: hhmm(to), reason });
    }
  }
  return blocks;
}

/** Active bookings: their occupied ranges, and as visits of the date those dated on it. */
function randomBookings(r: Random, date: string): { busy: BusyRange[]; visits: RouteVisit[] } {
  const busy: BusyRange[] = [];
  const visits: RouteVisit[] = [];
  for (let i = r.int(5); i > 0; i--) {
    const onDate = r.chance(0.9);
    const start = nzMinuteInstant(onDate ? date : addDaysToDate(date, -1), (onDate ? r.int(288) : 276 + r.int(12)) * 5);
    const sessionEnd = start + r.pick([30, 60, 90, 120]) * MINUTE_MS;
    busy.push({
      start: new Date(start),
      end: new Date(sessionEnd + r.pick([0, 15, 30]) * MINUTE_MS),
      sessionEnd: new Date(sessionEnd),
    });
    const location = r.chance(0.8) ? r.pick(PLACES) : null;
    if (onDate) visits.push({ start: new Date(start), end: new Date(sessionEnd), location });
  }
  return { busy, visits };
}

function randomExternal(r: Random, date: string): ExternalBusy[] {
  const events: ExternalBusy[] = [];
  const midnight = nzInstant(date).getTime();
  for (let i = r.int(4); i > 0; i--) {
    const calendarId = r.int(3);
    const calendarName = ['Family', 'Work', 'Gym'][calendarId]!;
    if (r.chance(0.1)) {
      events.push({ start: new Date(midnight), end: nzInstant(addDaysToDate(date, 1)), calendarId, calendarName });
      continue;
    }
    const start = midnight + (r.int(32 * 12) - 4 * 12) * 5 * MINUTE_MS; // 20:00 the day before to 04:00 after
    events.push({
      start: new Date(start),
      end: new Date(start + (15 + r.int(120) * 5) * MINUTE_MS),
      calendarId,
      calendarName,
    });
  }
  return events;
}

function randomNow(r: Random, date: string): Date {
  const midnight = nzInstant(date).getTime();
  const offset = r.pick([
    () => r.int(24 * 12) * 5 * MINUTE_MS, // during the day
    () => -r.int(5 * 24 * 12) * 5 * MINUTE_MS, // a few days before
    () => -(20 + r.int(60)) * DAY_MS, // far before: the date may lie beyond the horizon
    () => (1 + r.int(3)) * DAY_MS, // after the date
  ])();
  return new Date(midnight + offset);
}

function randomCase(seed: number) {
  const r = seeded(seed);
  const date = r.pick(DATES);
  const bookings = randomBookings(r, date);
  const input: OfferInput = {
    hours: randomHours(r),
    blocks: randomBlocks(r, date),
    busy: bookings.busy,
    external: randomExternal(r, date),
    visitsByDate: new Map([[date, bookings.visits]]),
  };
  const bufferMinutes = r.pick([0, 15, 30]);
  const config: AppConfig = {
    ...baseConfig,
    practice: { ...baseConfig.practice, base: BASE },
    booking: {
      ...baseConfig.booking,
      bufferMinutes,
      minNoticeMinutes: r.pick([0, 60, 90, 120, 1440]),
      horizonDays: r.pick([1, 14, 60]),
      route: {
        setupMinutes: r.pick([0, 15]),
        minGapMinutes: bufferMinutes,
        unknownGapMinutes: r.pick([30, 45]),
        dayStartsAtBase: r.chance(0.8),
        dayEndGraceMinutes: r.pick([0, 60]),
      },
    },
  };
  const visitor: Visitor | undefined = r.pick([undefined, { location: r.pick(PLACES) }, { location: null }]);
  return { date, input, config, visitor, now: randomNow(r, date), durationMinutes: r.pick([30, 45, 60, 90, 120]) };
}

describe('explainDay', () => {
  it('gives a time no reason exactly when daySlots and the route offer it (400 generated days)', () => {
    const seen = new Set<ExplainReasonCode>();
    for (let seed = 1; seed <= 400; seed++) {
      const { date, input, config, visitor, now, durationMinutes } = randomCase(seed);
      const deps = { config, drives };
      const free = daySlots(date, input, { ...config.booking, durationMinutes }, now);
      const offered =
        visitor && free.length > 0
          ? fittingSlots(slotFitInput(deps, input, date, durationMinutes, visitor), free).timeSlots
          : free;
      const explained = explainDay(deps, input, date, durationMinutes, now, visitor);
      const withoutReason = explained.filter((e) => e.reasons.length === 0).map((e) => e.time);
      expect(withoutReason, `seed ${seed} (${date})`).toEqual(offered);
      for (const { reasons } of explained)
        for (const { code, message } of reasons) {
          seen.add(code);
          expect(message, `seed ${seed}`).not.toBe('');
        }
    }
    // The generator reaches every reason, so the agreement above means something.
    expect([...seen].sort()).toEqual([...EXPLAIN_REASON_CODES].sort());
  });
});

describe('explainTime', () => {
  it("gives one start explainDay's reasons, the grid's step aside (her own bookings, issue 40; 400 generated days)", () => {
    for (let seed = 1; seed <= 400; seed++) {
      const { date, input, config, visitor, now, durationMinutes } = randomCase(seed);
      const deps = { config, drives };
      for (const { time, reasons } of explainDay(deps, input, date, durationMinutes, now, visitor)) {
        // Off the date's grid explainDay stops there; the route of that time is not asked.
        if (reasons.some((r) => r.message.startsWith('Starts are every'))) continue;
        expect(explainTime(deps, input, { date, time, durationMinutes }, now, visitor), `seed ${seed} ${time}`).toEqual(
          reasons,
        );
      }
    }
  });

  it('takes a time off the grid as it is: 10:15 in an empty open day has no reason, 8:45 is before opening', () => {
    const date = '2027-03-10'; // a Wednesday
    const open: OfferInput = {
      hours: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
        dayOfWeek,
        isOpen: true,
        openTime: '09:00',
        closeTime: '17:00',
      })),
      blocks: [],
      busy: [],
      external: [],
      visitsByDate: new Map(),
    };
    const early = new Date(nzInstant(date).getTime() - 2 * DAY_MS);
    const deps = { config: baseConfig, drives };
    expect(explainTime(deps, open, { date, time: '10:15', durationMinutes: 60 }, early)).toEqual([]);
    expect(explainTime(deps, open, { date, time: '08:45', durationMinutes: 60 }, early)).toEqual([
      { code: 'OUTSIDE_HOURS', message: 'Before opening at 9:00 AM' },
    ]);
  });
});

describe('candidateMinutes', () => {
  const hours = (open: string, close: string, isOpen = true): DayHours[] =>
    [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
      dayOfWeek,
      isOpen: isOpen && dayOfWeek !== 0,
      openTime: open,
      closeTime: close,
    }));

  it("lists the week's open span, and 08:00-18:00 when no day is open", () => {
    const week = [...hours('09:00', '17:00'), { dayOfWeek: 6, isOpen: true, openTime: '08:00', closeTime: '12:00' }];
    const listed = candidateMinutes('2027-03-07', week, 30); // a Sunday, closed
    expect([listed[0], listed.at(-1)]).toEqual([8 * 60, 16 * 60 + 30]);
    const none = candidateMinutes('2027-03-10', hours('09:00', '17:00', false), 30);
    expect([none[0], none.at(-1), none.length]).toEqual([8 * 60, 17 * 60 + 30, 20]);
  });

  it("adds the date's own grid when it is off the step, and skips the hour daylight saving skips", () => {
    const week = hours('09:00', '11:00').map((h) => (h.dayOfWeek === 3 ? { ...h, openTime: '09:15' } : h));
    expect(candidateMinutes('2027-03-10', week, 30)).toEqual([540, 555, 570, 585, 600, 615, 630, 645]);
    const night = hours('01:00', '04:00');
    expect(candidateMinutes('2027-09-26', night, 30)).toEqual([60, 90, 180, 210]); // Sunday: 02:00-02:59 never happens
  });
});

describe('explainDay messages', () => {
  const date = '2027-03-10'; // a Wednesday
  const HAMILTON = PLACES[3]!;
  const at = (time: string) => nzInstant(date, time);
  const week: DayHours[] = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
    dayOfWeek,
    isOpen: dayOfWeek !== 0,
    openTime: '09:00',
    closeTime: '17:00',
  }));
  const config: AppConfig = { ...baseConfig, practice: { ...baseConfig.practice, base: BASE } };
  const visit = (time: string): RouteVisit => ({
    start: at(time),
    end: new Date(at(time).getTime() + 60 * MINUTE_MS),
    location: BASE,
  });
  const dayWith = (over: Partial<OfferInput>, visits: RouteVisit[] = []): OfferInput => ({
    hours: week,
    blocks: [],
    external: [],
    ...over,
    busy: visits.map((v) => ({ start: v.start, end: new Date(v.end.getTime() + 15 * MINUTE_MS), sessionEnd: v.end })),
    visitsByDate: new Map([[date, visits]]),
  });
  const reasonsAt = (explained: ReturnType<typeof explainDay>, time: string) =>
    explained.find((e) => e.time === time)?.reasons.map((r) => `${r.code}: ${r.message}`);

  it('names the hours, notice, blocks, visits and her calendars (by calendar, never an event title)', () => {
    const input = dayWith(
      {
        blocks: [{ date, isFullDay: false, startTime: '12:00', endTime: '13:00', reason: 'Dentist' }],
        external: [{ start: at('15:00'), end: at('16:00'), calendarId: 1, calendarName: 'Family' }],
      },
      [visit('10:00')],
    );
    const explained = explainDay({ config, drives }, input, date, 60, at('07:10'));
    expect(reasonsAt(explained, '09:00')).toEqual([
      "MIN_NOTICE: Less than 2 hours' notice",
      'BOOKING: Another visit 10:00-11:00 AM (+15 min gap)',
    ]);
    expect(reasonsAt(explained, '11:30')).toEqual(['BLOCKED_DATE: Blocked 12:00-1:00 PM: Dentist']);
    expect(reasonsAt(explained, '13:00')).toEqual([]);
    expect(reasonsAt(explained, '15:00')).toEqual(['EXTERNAL_BUSY: Busy in Family, 3:00-4:00 PM']);
    expect(reasonsAt(explained, '16:00')).toEqual(['EXTERNAL_BUSY: Busy in Family, 3:00-4:00 PM (+15 min gap)']);
    // A session ending at 3:00 touches the event only through the gap before it.
    expect(reasonsAt(explained, '14:00')).toEqual(['EXTERNAL_BUSY: Busy in Family, 3:00-4:00 PM (+15 min gap)']);
    expect(reasonsAt(explained, '16:30')).toEqual(['OUTSIDE_HOURS: Would end at 5:30 PM, after closing at 5:00 PM']);
  });

  it('says which drive does not fit, what it needs and what it has', () => {
    const noGrace = {
      ...config,
      booking: { ...config.booking, route: { ...config.booking.route, dayEndGraceMinutes: 0 } },
    };
    const hamilton = { location: HAMILTON };
    const busyDay = explainDay(
      { config: noGrace, drives },
      dayWith({}, [visit('11:00'), visit('15:00')]),
      date,
      60,
      at('06:00'),
      hamilton,
    );
    expect(reasonsAt(busyDay, '09:00')).toEqual(['ROUTE: Drive from home: needs 45 min, 0 min after opening']);
    expect(reasonsAt(busyDay, '12:30')).toEqual([
      'ROUTE: Drive from the 11:00 AM visit: needs 60 min (45 min drive + 15 min setup), 30 min available',
    ]);
    expect(reasonsAt(busyDay, '13:30')).toEqual([
      'ROUTE: Drive to the 3:00 PM visit: needs 60 min (45 min drive + 15 min setup), 30 min available',
    ]);
    expect(reasonsAt(busyDay, '13:00')).toEqual([]);
    const emptyDay = explainDay({ config: noGrace, drives }, dayWith({}), date, 60, at('06:00'), hamilton);
    expect(reasonsAt(emptyDay, '16:00')).toEqual([
      'ROUTE: Home by 5:00 PM: needs 45 min after this visit, 0 min available',
    ]);
  });

  it('gives a closed, blocked, past or distant day its reason on every time', () => {
    const sunday = '2027-03-07';
    const closed = explainDay({ config, drives }, dayWith({}), sunday, 60, nzInstant('2027-03-08', '09:00'));
    expect(closed.map((e) => e.reasons.map((r) => r.message))).toEqual(
      closed.map(() => ['Already past', 'Closed on Sundays']),
    );
    const holiday = dayWith({ blocks: [{ date, isFullDay: true, startTime: null, endTime: null, reason: 'Holiday' }] });
    const far = explainDay({ config, drives }, holiday, date, 60, nzInstant('2026-12-01', '09:00'));
    expect(reasonsAt(far, '10:00')).toEqual([
      'HORIZON: Beyond the 60-day booking window',
      'BLOCKED_DATE: Blocked all day: Holiday',
    ]);
  });
});
