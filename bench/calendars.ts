// `npm run bench:calendars` (`[--seconds 20] [--rate 200] [--rounds 3] [--horizon 60] [--no-postgres]`): the
// availability budgets and those of her other calendars (docs/product.md §11), on PGlite and PostgreSQL, against the
// built server.
//  - A day a week ahead gets a full route booked through POST /api/bookings (the route rule places each visit) and
//    busy blocks from three ICS calendars totalling 5,000 events (a quarter weekly series with no end, Google's
//    VTIMEZONE), served on loopback and added through POST /api/admin/calendars.
//  - Full sync of the three (POST .../sync, one after another): under 2 s and 100 MB extra server memory (its RSS
//    sampled every 10 ms, against its RSS just before).
//  - GET /api/availability/{day} with an address, open-loop Poisson load at 200 requests/s, latency from the
//    intended send time: p99 under 25 ms (a day with a full route, at 200 req/s, with busy blocks on top: the
//    three budgets in one load).
//  - GET /api/admin/availability/explain for that day, one request at a time: p99 under 50 ms.
// The weekly series avoid the bench day's weekday and the single events its date, so the route rule still has times
// to judge; the day gets a few blocks of its own.
import { parseArgs } from 'node:util';
import { minutesToTime, timeToMinutes } from '@shared/clock-time';
import { addDaysToDate, dayOfWeek, nzToday } from '@shared/time';
import { bigCalendar } from '../src/server/modules/calendars/big-calendar.fixture';
import { startCalendarServer } from '../tests/helpers/calendar-server';
import * as h from './harness';

const TOTAL_EVENTS = 5000;
const CALENDARS = ['Personal', 'Family', 'Studio'];
const DURATION = 60;
/** Where the visitor asking for times is. */
const VISITOR_ADDRESS = '8 Wainui Road, Raglan';
/** The day's visits: places around the base, tried in this order. */
const ROUTE_PLACES = [
  '12 Bow Street, Raglan',
  '4 Calvert Road, Whale Bay',
  '21 Wainui Road, Manu Bay',
  '3 Te Uku Landing Road, Te Uku',
  '60 Te Mata Road, Te Mata',
  '15 Long Street, Raglan',
  '9 Ruapuke Beach Road, Ruapuke',
];
/**
 * 60-minute visits on the 30-minute grid with the 15-minute gap fit at most five in 09:00-17:00, and a day with no
 * free time asks the route rule nothing: four take the morning and early afternoon, the rest stays to judge.
 */
const ROUTE_VISITS = 4;

const stamp = (date: string, minutes: number) =>
  `${date.replaceAll('-', '')}T${minutesToTime(minutes).replace(':', '')}00`;

/** One VEVENT in Auckland wall time. */
function vevent(uid: string, title: string, date: string, start: number, end: number, rrule?: string): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `SUMMARY:${title}`,
    `DTSTART;TZID=Pacific/Auckland:${stamp(date, start)}`,
    `DTEND;TZID=Pacific/Auckland:${stamp(date, end)}`,
    ...(rrule ? [rrule] : []),
    'END:VEVENT',
  ];
}

/**
 * Calendar `k`: `count` events in all, `onDay` among them. Every fourth of the others a weekly series
 * with no end that started up to a year ago (never on the bench day's weekday), the rest single
 * 90-minute events over the coming year (never on the bench day), all between 07:00 and 18:30.
 */
function benchCalendar(k: number, count: number, today: string, day: string, onDay: string[][]): string {
  const lines: string[] = [];
  for (let i = 0; i < count - onDay.length; i++) {
    const hour = 7 + ((i + k * 3) % 11);
    if (i % 4 === 0) {
      let start = addDaysToDate(today, -((i * 37 + k * 11) % 365));
      if (dayOfWeek(start) === dayOfWeek(day)) start = addDaysToDate(start, -1);
      lines.push(
        ...vevent(`s${k}-${i}@example.com`, `Series ${k}.${i}`, start, hour * 60, hour * 60 + 60, 'RRULE:FREQ=WEEKLY'),
      );
    } else {
      let date = addDaysToDate(today, (i * 53 + k * 17) % 365);
      if (date === day) date = addDaysToDate(date, 1);
      lines.push(...vevent(`e${k}-${i}@example.com`, `Event ${k}.${i}`, date, hour * 60, hour * 60 + 90));
    }
  }
  for (const event of onDay) lines.push(...event);
  // The fixture's header (Google's PRODID, X-WR-TIMEZONE, the Auckland VTIMEZONE) with no events of its own.
  return bigCalendar(0, new Date()).replace('END:VCALENDAR', `${lines.join('\n')}\nEND:VCALENDAR`);
}

/**
 * The bench day's own blocks: the first offered time (30 min, a weekly series that started ten weeks
 * before) on the first calendar, a morning block over a route visit on the second, an evening event
 * and an all-day event on the third (whose all-day events do not block).
 */
function dayEvents(day: string, offered: readonly string[]): string[][][] {
  const first = timeToMinutes(offered[0] ?? '16:00');
  const allDay = [
    'BEGIN:VEVENT',
    'UID:allday@example.com',
    'SUMMARY:Birthday',
    `DTSTART;VALUE=DATE:${day.replaceAll('-', '')}`,
    `DTEND;VALUE=DATE:${addDaysToDate(day, 1).replaceAll('-', '')}`,
    'END:VEVENT',
  ];
  return [
    [vevent('day-series@example.com', 'Pilates', addDaysToDate(day, -70), first, first + 30, 'RRULE:FREQ=WEEKLY')],
    [vevent('day-morning@example.com', 'Dentist', day, 9 * 60 + 30, 10 * 60)],
    [vevent('day-evening@example.com', 'Choir', day, 18 * 60, 19 * 60), allDay],
  ];
}

type Slots = { available: boolean; timeSlots: string[] };

/** The first open day a week or more ahead offering as many times as any of the two weeks after it (no bookings). */
async function emptyOpenDay(baseUrl: string): Promise<string> {
  const first = addDaysToDate(nzToday(), 7);
  const days = Array.from({ length: 14 }, (_, i) => addDaysToDate(first, i)).filter((d) => dayOfWeek(d) !== 0);
  const offered = await Promise.all(
    days.map(async (d) => (await h.getJson<Slots>(`${baseUrl}/api/availability/${d}?duration=${DURATION}`)).timeSlots),
  );
  const most = Math.max(...offered.map((o) => o.length));
  return days[offered.findIndex((o) => o.length === most && most > 0)]!;
}

/** A full route as visitors fill it: from 09:00 in 15-minute steps, the first place POST /api/bookings accepts. */
async function fillDay(baseUrl: string, date: string): Promise<string[]> {
  const [service] = await h.getJson<
    Array<{ id: number; durationOptions?: Array<{ duration: number; price: number }> }>
  >(`${baseUrl}/api/services`);
  const price = service!.durationOptions?.find((o) => o.duration === DURATION)?.price ?? 0;
  const placed: string[] = [];
  for (let minute = 9 * 60; minute + DURATION <= 17 * 60 && placed.length < ROUTE_VISITS;) {
    const time = minutesToTime(minute);
    const unused = ROUTE_PLACES.filter((a) => !placed.some((p) => p.endsWith(a)));
    let accepted = false;
    for (const address of [...unused, ...ROUTE_PLACES.filter((a) => !unused.includes(a))]) {
      const res = await fetch(`${baseUrl}/api/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...{ serviceLengthId: service!.id, duration: DURATION, price, date, time, address, hasInjuries: false },
          ...{ firstName: 'Bench', lastName: `Visit${placed.length + 1}`, phone: '021 123 4567' },
          email: `bench${placed.length + 1}@example.nz`,
        }),
      });
      await res.text();
      if (res.status === 201) {
        placed.push(`${time} ${address}`);
        accepted = true;
        break;
      }
      if (res.status !== 409) throw new Error(`POST /api/bookings answered ${res.status} for ${time} at ${address}`);
    }
    minute += accepted ? DURATION : 15;
  }
  return placed;
}

/** `work`'s time and the server's peak RSS above its RSS just before, sampled every 10 ms. */
async function measured(pid: number, work: () => Promise<void>): Promise<{ ms: number; extraMb: number }> {
  const before = h.rssOf(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, h.rssOf(pid))), 10);
  const t0 = performance.now();
  await work();
  const ms = performance.now() - t0;
  clearInterval(timer);
  peak = Math.max(peak, h.rssOf(pid));
  return { ms, extraMb: (peak - before) / 1024 / 1024 };
}

h.run(async () => {
  const { values } = parseArgs({
    options: {
      ...{ seconds: { type: 'string' }, rate: { type: 'string' }, rounds: { type: 'string' } },
      ...{ horizon: { type: 'string' }, 'no-postgres': { type: 'boolean' }, 'no-build': { type: 'boolean' } },
    },
  });
  const seconds = Number(values.seconds ?? 20);
  const rate = Number(values.rate ?? 200);
  const rounds = Number(values.rounds ?? 3);
  // The configuration's default (BOOKING_HORIZON_DAYS); --horizon 365, the most it allows, is the worst case.
  const horizon = values.horizon ?? '60';
  h.build();
  const calendarServer = await startCalendarServer();
  const figures: h.Figure[] = [];
  try {
    await h.eachBackend(async (backend) => {
      const server = await h.startServer({
        backend,
        env: { CALENDAR_ALLOW_PRIVATE_URLS: 'true', BOOKING_HORIZON_DAYS: horizon },
      });
      try {
        const admin = await server.admin();
        const json = { 'content-type': 'application/json', ...admin };
        const day = await emptyOpenDay(server.baseUrl);
        const route = await fillDay(server.baseUrl, day);
        const query = `date=${day}&duration=${DURATION}&address=${encodeURIComponent(VISITOR_ADDRESS)}`;
        const dayUrl = `${server.baseUrl}/api/availability/${day}?${query.replace(/^date=[^&]*&/, '')}`;
        const offeredBefore = (await h.getJson<Slots>(dayUrl)).timeSlots;
        h.progress(`${backend.name}: ${day}: ${route.join(', ')}; offered ${offeredBefore.join(' ')}`);

        const onDay = dayEvents(day, offeredBefore);
        const ids: number[] = [];
        for (const [k, name] of CALENDARS.entries()) {
          const file = `/${backend.name.toLowerCase()}-${k}.ics`;
          const count = Math.floor(TOTAL_EVENTS / CALENDARS.length) + (k < TOTAL_EVENTS % CALENDARS.length ? 1 : 0);
          calendarServer.setFile(file, benchCalendar(k, count, nzToday(), day, onDay[k]!));
          const res = await fetch(`${server.baseUrl}/api/admin/calendars`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ name, url: calendarServer.url(file), allDayBlocks: k !== 2 }),
          });
          if (res.status !== 201)
            throw new Error(`POST /api/admin/calendars answered ${res.status}: ${await res.text()}`);
          ids.push(((await res.json()) as { id: number }).id);
        }
        const syncs: Array<{ ms: number; extraMb: number }> = [];
        for (let round = 0; round < rounds; round++) {
          syncs.push(
            await measured(server.pid, async () => {
              for (const id of ids) {
                const res = await fetch(`${server.baseUrl}/api/admin/calendars/${id}/sync`, {
                  method: 'POST',
                  headers: admin,
                });
                if (res.status !== 200)
                  throw new Error(`sync of calendar ${id} answered ${res.status}: ${await res.text()}`);
              }
            }),
          );
        }
        const offeredAfter = (await h.getJson<Slots>(dayUrl)).timeSlots;
        h.progress(`${backend.name}: with the calendars offered ${offeredAfter.join(' ')}`);
        if (offeredAfter.length === 0 || offeredAfter.length >= offeredBefore.length)
          throw new Error("the calendars should leave some but not all of the day's times");

        h.progress(`${backend.name}: Poisson load, ${rate}/s for ${seconds} s (load ${h.load()})`);
        const loaded = await h.poissonLoad(dayUrl, rate, seconds);
        if (Object.keys(loaded.statuses).some((s) => s !== '200'))
          throw new Error(`availability answered ${JSON.stringify(loaded.statuses)}`);
        const explain = await h.timedGets(
          `${server.baseUrl}/api/admin/availability/explain?${query}&serviceId=1`,
          admin,
          300,
        );
        const b = backend.name;
        figures.push(
          {
            figure: `${b}: full sync of the three, slowest of ${rounds}`,
            value: Math.max(...syncs.map((s) => s.ms)),
            unit: 'ms',
            budget: 2000,
            digits: 0,
          },
          {
            figure: `${b}: extra server memory during a sync`,
            value: Math.max(...syncs.map((s) => s.extraMb)),
            unit: 'MB',
            budget: 100,
          },
          {
            figure: `${b}: availability, full route + busy blocks, p99 at ${loaded.rps.toFixed(0)} req/s`,
            value: h.percentile(loaded.samples, 99),
            unit: 'ms',
            budget: 25,
            digits: 2,
          },
          {
            figure: `${b}: same, p50 (load generator's own lag p99 ${loaded.sendLagP99.toFixed(1)} ms)`,
            value: h.percentile(loaded.samples, 50),
            unit: 'ms',
            digits: 2,
          },
          {
            figure: `${b}: explain p99, one at a time`,
            value: h.percentile(explain, 99),
            unit: 'ms',
            budget: 50,
            digits: 2,
          },
        );
      } finally {
        await server.stop();
      }
    });
  } finally {
    await calendarServer.close();
  }
  h.report(`Availability and her other calendars (${TOTAL_EVENTS} events in ${CALENDARS.length} calendars)`, figures);
});
