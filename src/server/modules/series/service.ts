/**
 * Regulars (docs/product.md §4 "Regulars"): a confirmed booking repeated every 1-4 weeks on the
 * same weekday and NZ time. Every date is judged by the one check of a new request (loadOfferedSlots: hours,
 * blocked dates, notice, horizon, other visits and pending requests, her other calendars, the route rule)
 * inside one transaction holding the day locks of every date it books, in date order (visits/day-lock.ts), so
 * a visitor booking the same time at once either comes first (the date is a conflict) or waits and is refused.
 *
 * Locks, always in this order: the series row (an existing series), then day locks in date order, then booking
 * rows. A visitor takes day locks only; a reschedule takes day locks then its row; so nothing waits in a cycle.
 */
import type { FieldError } from '@shared/api-error';
import { hasStarted } from '@shared/booking-rules';
import { SLOT_TAKEN } from '@shared/messages';
import type { RouteMisfit } from '@shared/schemas/booking';
import {
  SERIES_ALTERNATIVE_DAYS,
  type ChangeSeries,
  type PickOccurrence,
  type Series,
  type SeriesCreated,
  type SeriesOccurrence,
  type SeriesRequest,
} from '@shared/schemas/series';
import { addDaysToDate, DAY_MS, dayOfWeek, formatNzTime, nzToday } from '@shared/time';
import type { AppConfig } from '../../config';
import type { Db, DbTx } from '../../db/client';
import { isExclusionViolation } from '../../db/errors';
import { apiError, HttpError, invalidField, notFound } from '../../http/errors';
import { explainDay } from '../availability/explain';
import { loadOfferedSlots, type OfferDeps, type Visitor } from '../availability/offered-slots';
import { loadAvailabilityInput } from '../availability/repository';
import { BOOKING_NOT_FOUND } from '../bookings/booking-service';
import { expireStaleRequests } from '../bookings/expire-stale';
import { moveInPlace } from '../bookings/move-in-place';
import { notify } from '../bookings/notifications';
import { createBookingsRepository, toBooking, type BookingRow } from '../bookings/repository';
import { checkRequestedTime, isRouteMisfit, refuseTime } from '../bookings/route-check';
import { insertSeriesVisit } from '../bookings/series-visit';
import { allowedFrom } from '../bookings/transitions';
import type { DriveSource } from '../scheduling/drive-source';
import { lockDay, lockDays } from '../visits/day-lock';
import { nearestAlternatives } from './alternatives';
import { longDay } from '../mail/series-templates';
import { sendSeriesMail } from './mail';
import { patternDates } from './pattern';
import { createSeriesRepository, type NewOccurrenceRow, type OccurrenceWithVisit, type SeriesRow } from './repository';

export const SERIES_NOT_FOUND = 'Series not found';
export const SERIES_NEEDS_CONFIRMED = 'Only a confirmed booking can be repeated';
export const SERIES_EXISTS = 'This booking is already part of a series';
export const SERIES_ENDED = 'This series has been cancelled';
export const SERIES_DATE_NOT_FOUND = 'This date is not one of the series’ dates';
export const SERIES_DATE_NOT_OPEN = 'This date is not waiting for a choice: it is booked, skipped or cancelled';
export const BOOKING_CHANGED = 'The booking changed while the series was being made. Please try again.';
/** When nothing else explains why the series' time is not offered (it always should). */
const NOT_AVAILABLE = 'This time is not available';
/** Why a date of 'this and following' cannot have the new time (her words, not the client's). */
const TIME_NOT_FREE = 'Not free at the new time (hours, blocked date, notice, another visit or your other calendars)';
/** The drive that does not fit, by its real cause (docs/product.md §19). */
const DRIVE_DOES_NOT_FIT: Readonly<Record<RouteMisfit, string>> = {
  'from-base': 'The drive from base after opening does not fit at the new time',
  'to-base': 'The drive back to base by closing time and its grace does not fit at the new time',
  'gap-before': 'The drive from the visit or busy time before it does not fit at the new time',
  'gap-after': 'The drive to the next visit or busy time does not fit at the new time',
};

export interface SeriesDeps {
  db: Db;
  config: AppConfig;
  drives: DriveSource;
  rules?: OfferDeps['rules'];
  now?: () => Date;
}

const LIVE = new Set(['pending', 'confirmed']);

/** Where the series' visits are, for the route rule. */
const visitorOf = (s: Pick<SeriesRow, 'locationLat' | 'locationLon'>): Visitor => ({
  location: s.locationLat !== null && s.locationLon !== null ? { lat: s.locationLat, lon: s.locationLon } : null,
});

/** The occurrence as the API answers it. */
export function toOccurrence(s: Pick<SeriesRow, 'time'>, o: OccurrenceWithVisit): SeriesOccurrence {
  const live = o.visit !== null && LIVE.has(o.visit.status);
  const status = o.status === 'booked' && !live ? 'cancelled' : o.status;
  return {
    forDate: o.forDate,
    date: o.visit?.date ?? o.forDate,
    time: o.visit?.time ?? s.time,
    status,
    ...(o.bookingId !== null ? { bookingId: o.bookingId } : {}),
    ...(status === 'conflict' ? { reasons: o.reasons ?? [], alternatives: o.alternatives ?? [] } : {}),
  };
}

export function createSeriesService(deps: SeriesDeps) {
  const { db, config, drives } = deps;
  const now = deps.now ?? (() => new Date());
  const lastBookable = (at: Date) => addDaysToDate(nzToday(at), config.booking.horizonDays);

  /** The dates around `dates` whose offers the check and the alternatives read. */
  const spanOf = (dates: readonly string[]) => ({
    from: addDaysToDate(dates[0]!, -SERIES_ALTERNATIVE_DAYS),
    to: addDaysToDate(dates[dates.length - 1]!, SERIES_ALTERNATIVE_DAYS),
  });

  /** Fetches the drives the check will need, before any lock (a network call must not hold one). */
  async function prefetch(s: Pick<SeriesRow, 'locationLat' | 'locationLon' | 'duration'>, dates: string[], at: Date) {
    if (dates.length === 0) return;
    await loadOfferedSlots({ db, config, drives, rules: deps.rules }, spanOf(dates), s.duration, at, visitorOf(s));
  }

  /**
   * Judges each date at the series' time, inside the caller's transaction (which holds their day locks):
   * a fitting date becomes a confirmed visit, one that does not is kept as a conflict with its reasons and
   * the nearest times that fit. The dates are at least a week apart, so one date's new visit changes
   * nothing another date's check reads.
   */
  async function decide(tx: DbTx, s: SeriesRow, origin: BookingRow, dates: string[], at: Date) {
    const decided: NewOccurrenceRow[] = [];
    if (dates.length === 0) return decided;
    const span = spanOf(dates);
    const visitor = visitorOf(s);
    const input = await loadAvailabilityInput(tx, span.from, span.to, at);
    const offerDeps = { db: tx, config, drives };
    const offered = await loadOfferedSlots(offerDeps, span, s.duration, at, visitor, { input, prefetch: false });
    for (const date of dates) {
      const day = offered.find((d) => d.date === date);
      if (day?.timeSlots.includes(s.time)) {
        const visit = await insertSeriesVisit(tx, config, origin, s.id, { date, time: s.time }, at);
        decided.push({ seriesId: s.id, forDate: date, status: 'booked', bookingId: visit.id, decidedAt: at });
        continue;
      }
      const explained = explainDay(offerDeps, input, date, s.duration, at, visitor).find((t) => t.time === s.time);
      const reasons = explained?.reasons.map((r) => r.message) ?? [];
      decided.push({
        seriesId: s.id,
        forDate: date,
        status: 'conflict',
        bookingId: null,
        reasons: reasons.length > 0 ? reasons : [NOT_AVAILABLE],
        alternatives: nearestAlternatives(offered, { date, time: s.time }),
        decidedAt: at,
      });
    }
    await createSeriesRepository(tx).insertOccurrences(decided);
    return decided;
  }

  async function originOf(s: SeriesRow, tx: DbTx | Db = db): Promise<BookingRow> {
    const row = await createBookingsRepository(tx).findById(s.originBookingId);
    if (!row) throw new Error(`series ${s.id} has lost its booking`);
    return row;
  }

  async function answer(id: number, at: Date, tx: DbTx | Db = db): Promise<Series> {
    const repo = createSeriesRepository(tx);
    const s = await repo.findById(id);
    if (!s) throw notFound('SERIES_NOT_FOUND', SERIES_NOT_FOUND);
    const occurrences = await repo.occurrences(id);
    const origin = await originOf(s, tx);
    const decided = new Set(occurrences.map((o) => o.forDate));
    const today = nzToday(at);
    const laterDates = s.cancelledAt ? [] : patternDates(s).filter((d) => !decided.has(d) && d >= today);
    return {
      id: s.id,
      bookingId: s.originBookingId,
      clientId: s.clientId,
      clientName: `${origin.firstName} ${origin.lastName}`.trim(),
      serviceName: s.serviceName,
      duration: s.duration,
      address: s.address,
      everyWeeks: s.everyWeeks,
      weekday: s.weekday,
      time: s.time,
      firstDate: s.firstDate,
      count: s.count,
      until: s.until,
      endedFrom: s.endedFrom,
      cancelledAt: s.cancelledAt?.toISOString() ?? null,
      occurrences: occurrences.map((o) => toOccurrence(s, o)),
      laterDates,
    };
  }

  /** The new dates the horizon now reaches, booked or kept as conflicts; her and the client told. */
  async function extend(id: number): Promise<{ booked: number; conflicts: number }> {
    const at = now();
    const todo = (s: SeriesRow, decided: readonly OccurrenceWithVisit[]) => {
      const seen = new Set(decided.map((o) => o.forDate));
      const today = nzToday(at);
      return patternDates(s).filter((d) => !seen.has(d) && d > today && d <= lastBookable(at));
    };
    const read = await createSeriesRepository(db).findById(id);
    if (!read || read.cancelledAt) return { booked: 0, conflicts: 0 };
    const first = todo(read, await createSeriesRepository(db).occurrences(id));
    if (first.length === 0) return { booked: 0, conflicts: 0 };
    await prefetch(read, first, at);
    return db.transaction(async (tx) => {
      const repo = createSeriesRepository(tx);
      const s = await repo.lockById(id);
      if (!s || s.cancelledAt) return { booked: 0, conflicts: 0 };
      // Another process may have extended it while this one waited for the lock.
      const dates = todo(s, await repo.occurrences(id));
      if (dates.length === 0) return { booked: 0, conflicts: 0 };
      await lockDays(tx, dates);
      await expireStaleRequests(tx, config, at);
      const origin = await originOf(s, tx);
      // An erased client (docs/privacy.md) gets no new visits: the series stops with them.
      if (origin.erasedAt) return { booked: 0, conflicts: 0 };
      const decided = await decide(tx, s, origin, dates, at);
      const booked = decided.filter((o) => o.status === 'booked');
      const conflicts = decided.filter((o) => o.status === 'conflict');
      if (booked.length > 0) {
        const sequence = await repo.raiseSequence(id);
        const words = `New dates of your regular visits are booked as the booking window reached them.`;
        await sendSeriesMail(
          tx,
          config,
          { s: { ...s, icsSequence: sequence }, origin, at },
          { kind: 'updated', what: words },
        );
      }
      if (conflicts.length > 0)
        await sendSeriesMail(
          tx,
          config,
          { s, origin, at },
          { kind: 'conflicts', dates: conflicts.map((c) => c.forDate) },
        );
      return { booked: booked.length, conflicts: conflicts.length };
    });
  }

  return {
    /** POST /api/admin/series. */
    async create(input: SeriesRequest): Promise<SeriesCreated> {
      const at = now();
      const origin = await createBookingsRepository(db).findById(input.bookingId);
      if (!origin) throw notFound('BOOKING_NOT_FOUND', BOOKING_NOT_FOUND);
      refuseOrigin(origin);
      if (input.until !== undefined) {
        if (input.until <= origin.date) throw invalidField('until', 'The end date must be after the first visit');
        if (input.until > lastBookable(at))
          throw invalidField(
            'until',
            `The end date can be at most ${config.booking.horizonDays} days ahead (the booking window)`,
          );
      }
      const pattern = {
        firstDate: origin.date,
        everyWeeks: input.everyWeeks,
        count: input.count ?? null,
        until: input.until ?? null,
      };
      const later = patternDates(pattern).slice(1);
      if (later.length === 0) throw invalidField('until', 'The end date leaves no second visit');
      const reachable = later.filter((d) => d <= lastBookable(at));
      const place = { locationLat: origin.locationLat, locationLon: origin.locationLon, duration: origin.duration };
      await prefetch(place, reachable, at);
      try {
        return await db.transaction(async (tx) => {
          await lockDays(tx, [origin.date, ...reachable]);
          const current = await createBookingsRepository(tx).lockById(origin.id);
          if (!current) throw notFound('BOOKING_NOT_FOUND', BOOKING_NOT_FOUND);
          refuseOrigin(current);
          if (current.date !== origin.date || current.time !== origin.time)
            throw apiError('BOOKING_CHANGED', BOOKING_CHANGED);
          await expireStaleRequests(tx, config, at);
          const repo = createSeriesRepository(tx);
          const s = await repo.insert({
            clientId: current.clientId,
            originBookingId: current.id,
            serviceId: current.serviceId,
            serviceName: current.serviceName,
            duration: current.duration,
            address: current.address,
            locationLat: current.locationLat,
            locationLon: current.locationLon,
            everyWeeks: input.everyWeeks,
            weekday: dayOfWeek(current.date),
            firstDate: current.date,
            time: current.time,
            count: pattern.count,
            until: pattern.until,
            createdAt: at,
          });
          await repo.joinSeries(current.id, s.id);
          await repo.insertOccurrences([
            { seriesId: s.id, forDate: current.date, status: 'booked', bookingId: current.id, decidedAt: at },
          ]);
          await decide(tx, s, current, reachable, at);
          // One e-mail to the client with every date and the series' calendar file; none per visit.
          await sendSeriesMail(tx, config, { s, origin: current, at }, { kind: 'booked' });
          const { id, occurrences } = await answer(s.id, at, tx);
          return { id, occurrences };
        });
      } catch (err) {
        if (isExclusionViolation(err)) throw apiError('SLOT_TAKEN', SLOT_TAKEN);
        throw err;
      }
    },

    get: (id: number) => answer(id, now()),

    async list(filter: { clientId?: number; bookingId?: number }): Promise<Series[]> {
      const repo = createSeriesRepository(db);
      const at = now();
      if (filter.bookingId !== undefined) {
        const s = await repo.findByBooking(filter.bookingId);
        return s ? [await answer(s.id, at)] : [];
      }
      if (filter.clientId === undefined) return [];
      const rows = await repo.listByClient(filter.clientId);
      return Promise.all(rows.map((s) => answer(s.id, at)));
    },

    /** POST /api/admin/series/{id}/occurrences: a conflicting date booked at a time she picked, checked again. */
    async pick(id: number, input: PickOccurrence): Promise<SeriesOccurrence> {
      const at = now();
      const read = await createSeriesRepository(db).findById(id);
      if (!read) throw notFound('SERIES_NOT_FOUND', SERIES_NOT_FOUND);
      if (Math.abs(Date.parse(input.date) - Date.parse(input.forDate)) > SERIES_ALTERNATIVE_DAYS * DAY_MS)
        throw invalidField('date', `Pick a date within ${SERIES_ALTERNATIVE_DAYS} days of the series' date`);
      const requested = { date: input.date, time: input.time, durationMinutes: read.duration };
      const visitor = visitorOf(read);
      refuseTime(await checkRequestedTime({ db, config, drives, rules: deps.rules }, requested, visitor, at));
      try {
        return await db.transaction(async (tx) => {
          const repo = createSeriesRepository(tx);
          const s = await repo.lockById(id);
          if (!s) throw notFound('SERIES_NOT_FOUND', SERIES_NOT_FOUND);
          if (s.cancelledAt) throw apiError('SERIES_ENDED', SERIES_ENDED);
          const occurrence = await repo.findOccurrence(id, input.forDate);
          if (!occurrence) throw notFound('SERIES_DATE_NOT_FOUND', SERIES_DATE_NOT_FOUND);
          if (occurrence.status !== 'conflict') throw apiError('SERIES_DATE_NOT_OPEN', SERIES_DATE_NOT_OPEN);
          await lockDay(tx, input.date);
          await expireStaleRequests(tx, config, at);
          refuseTime(await checkRequestedTime({ db: tx, config, drives }, requested, visitor, at, { prefetch: false }));
          const origin = await originOf(s, tx);
          const visit = await insertSeriesVisit(tx, config, origin, s.id, input, at);
          await repo.setOccurrence(id, input.forDate, {
            status: 'booked',
            bookingId: visit.id,
            reasons: null,
            alternatives: null,
            decidedAt: at,
          });
          const sequence = await repo.raiseSequence(id);
          const what = `Your regular visit is booked on ${input.date === input.forDate ? 'the same day' : 'another day'} at another time.`;
          await sendSeriesMail(
            tx,
            config,
            { s: { ...s, icsSequence: sequence }, origin, at },
            { kind: 'updated', what, moved: input },
          );
          const [row] = (await repo.occurrences(id)).filter((o) => o.forDate === input.forDate);
          return toOccurrence(s, row!);
        });
      } catch (err) {
        if (isExclusionViolation(err)) throw apiError('SLOT_TAKEN', SLOT_TAKEN);
        throw err;
      }
    },

    /** POST /api/admin/series/{id}/skip: a conflicting date left with no visit (the client's file omits it already). */
    async skip(id: number, date: string): Promise<SeriesOccurrence> {
      const at = now();
      return db.transaction(async (tx) => {
        const repo = createSeriesRepository(tx);
        const s = await repo.lockById(id);
        if (!s) throw notFound('SERIES_NOT_FOUND', SERIES_NOT_FOUND);
        const occurrence = await repo.findOccurrence(id, date);
        if (!occurrence) throw notFound('SERIES_DATE_NOT_FOUND', SERIES_DATE_NOT_FOUND);
        if (occurrence.status !== 'conflict') throw apiError('SERIES_DATE_NOT_OPEN', SERIES_DATE_NOT_OPEN);
        await repo.setOccurrence(id, date, { status: 'skipped', alternatives: null, decidedAt: at });
        const [row] = (await repo.occurrences(id)).filter((o) => o.forDate === date);
        return toOccurrence(s, row!);
      });
    },

    /**
     * DELETE /api/admin/series/{id}?from=: 'this and following'. Cancels every visit of the series from that
     * date of the pattern on that has not started, drops the conflicts still waiting, ends the series (no
     * more extension), and tells the client once.
     */
    async cancelFrom(id: number, from: string): Promise<Series> {
      const at = now();
      return db.transaction(async (tx) => {
        const repo = createSeriesRepository(tx);
        const s = await repo.lockById(id);
        if (!s) throw notFound('SERIES_NOT_FOUND', SERIES_NOT_FOUND);
        const bookings = createBookingsRepository(tx);
        const cancelled: { date: string; time: string }[] = [];
        for (const o of await repo.occurrences(id)) {
          if (o.forDate < from) continue;
          if (o.status === 'conflict') await repo.setOccurrence(id, o.forDate, { status: 'cancelled', decidedAt: at });
          if (o.status !== 'booked' || !o.bookingId || !o.visit || !LIVE.has(o.visit.status)) continue;
          const row = await bookings.lockById(o.bookingId);
          if (!row || hasStarted(row, at)) continue;
          const done = await bookings.changeStatus(row.id, allowedFrom('admin-calendar', 'cancelled'), 'cancelled', {
            now: at,
          });
          if (!done) continue;
          await repo.setOccurrence(id, o.forDate, { status: 'cancelled', decidedAt: at });
          cancelled.push({ date: row.date, time: row.time });
        }
        await repo.end(id, from, at);
        const sequence = await repo.raiseSequence(id);
        if (cancelled.length > 0) {
          const origin = await originOf(s, tx);
          await sendSeriesMail(
            tx,
            config,
            { s: { ...s, icsSequence: sequence }, origin, at },
            { kind: 'cancelled', from, cancelled },
          );
        }
        return answer(id, at, tx);
      });
    },

    /**
     * POST /api/admin/series/{id}/change: 'this and following' at a new time. Every visit of the series whose
     * pattern date is on or after `from` and that has not started moves to `time` on its own date, each checked
     * as her single move is (every rule of a new request, its own old time left out), all in one transaction
     * under the series' lock and the days' locks in date order. If any date does not fit, nothing changes and
     * the answer lists each such date with why (docs/product.md §4 "Regulars": never a half-changed series).
     * The pattern's time changes, so the extension books later dates at it; the client gets one e-mail.
     */
    async changeFrom(id: number, input: ChangeSeries): Promise<Series> {
      const at = now();
      const read = await createSeriesRepository(db).findById(id);
      if (!read) throw notFound('SERIES_NOT_FOUND', SERIES_NOT_FOUND);
      // The drives the checks need, fetched before any lock (a network call must not hold one).
      const offerDeps = { db, config, drives, rules: deps.rules };
      for (const o of movable(await createSeriesRepository(db).occurrences(id), input.from)) {
        const requested = { date: o.visit!.date, time: input.time, durationMinutes: read.duration };
        await checkRequestedTime(offerDeps, requested, visitorOf(read), at, { excludeBookingId: o.bookingId! });
      }
      try {
        return await db.transaction(async (tx) => {
          const repo = createSeriesRepository(tx);
          const s = await repo.lockById(id);
          if (!s) throw notFound('SERIES_NOT_FOUND', SERIES_NOT_FOUND);
          if (s.cancelledAt) throw apiError('SERIES_ENDED', SERIES_ENDED);
          const targets = movable(await repo.occurrences(id), input.from);
          await lockDays(
            tx,
            targets.map((o) => o.visit!.date),
          );
          const bookings = createBookingsRepository(tx);
          await expireStaleRequests(tx, config, at);
          const refused: FieldError[] = [];
          const moved: BookingRow[] = [];
          for (const o of targets) {
            const row = await bookings.lockById(o.bookingId!);
            if (!row || !LIVE.has(row.status) || hasStarted(row, at) || row.time === input.time) continue;
            const requested = { date: row.date, time: input.time, durationMinutes: row.duration };
            const check = await checkRequestedTime({ db: tx, config, drives }, requested, visitorOf(s), at, {
              prefetch: false,
              excludeBookingId: row.id,
            });
            if (check !== 'fits') {
              refused.push({
                path: row.date,
                message: isRouteMisfit(check) ? DRIVE_DOES_NOT_FIT[check] : TIME_NOT_FREE,
              });
              continue;
            }
            moved.push(await moveInPlace(tx, config, row, { date: row.date, time: input.time }, at));
          }
          if (refused.length > 0) throw new HttpError('SERIES_CHANGE_DOES_NOT_FIT', doesNotFit(refused), refused);
          await repo.setTime(id, input.time);
          const sequence = await repo.raiseSequence(id);
          const origin = await originOf(s, tx);
          const changed = { ...s, time: input.time, icsSequence: sequence };
          const what = `From ${longDay(input.from)} your regular visits are at ${formatNzTime(input.time)}.`;
          await sendSeriesMail(tx, config, { s: changed, origin, at }, { kind: 'updated', what });
          // The first visit keeps its own calendar event (not in the series' file): its move is told as any one's.
          const movedOrigin = moved.find((m) => m.id === s.originBookingId);
          if (movedOrigin) {
            const previous = { date: movedOrigin.date, time: s.time };
            await notify(tx, config, 'rescheduled', toBooking(movedOrigin, null), {
              previous,
              icsSequence: movedOrigin.icsSequence,
              by: 'practice',
            });
          }
          return answer(id, at, tx);
        });
      } catch (err) {
        if (isExclusionViolation(err)) throw apiError('SLOT_TAKEN', SLOT_TAKEN);
        throw err;
      }
    },

    extend,

    /** The extension job: every running series, each in its own transaction. */
    async extendAll(): Promise<{ booked: number; conflicts: number }> {
      const total = { booked: 0, conflicts: 0 };
      for (const id of await createSeriesRepository(db).listRunningIds()) {
        const r = await extend(id);
        total.booked += r.booked;
        total.conflicts += r.conflicts;
      }
      return total;
    },
  };
}
export type SeriesService = ReturnType<typeof createSeriesService>;

/** The booked visits of pattern dates on or after `from` still held (pending or confirmed), in date order. */
function movable(occurrences: readonly OccurrenceWithVisit[], from: string): OccurrenceWithVisit[] {
  return occurrences
    .filter((o) => o.forDate >= from && o.status === 'booked' && o.bookingId !== null)
    .filter((o) => o.visit !== null && LIVE.has(o.visit.status))
    .sort((a, b) => a.visit!.date.localeCompare(b.visit!.date));
}

function doesNotFit(refused: readonly FieldError[]): string {
  const dates = refused.map((r) => longDay(r.path)).join('; ');
  return `The new time does not fit on ${dates}. Nothing was changed: move or cancel those visits first, or choose another time.`;
}

function refuseOrigin(row: BookingRow): void {
  if (row.status !== 'confirmed') throw apiError('SERIES_NEEDS_CONFIRMED', SERIES_NEEDS_CONFIRMED);
  if (row.seriesId !== null) throw apiError('SERIES_EXISTS', SERIES_EXISTS);
}
