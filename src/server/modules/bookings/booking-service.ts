/**
 * Creating and changing bookings. The server is the authority: duration and price come
 * from the service option, travel from its own calculation, availability from the
 * database; the exclusion constraint has the last word against double booking.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  cancelClosedByCutoff,
  CLIENT_CANCELLABLE_STATUSES,
  hasStarted,
  insideChangeCutoff,
} from '@shared/booking-rules';
import type { BookingStatus } from '@shared/constants';
import {
  approvalBreaksRoute,
  calendarClashMessage,
  changeCutoffMessage,
  healthNotConfirmedMessage,
  SLOT_TAKEN,
} from '@shared/messages';
import type { Booking, BookingRequest, RescheduleRequest } from '@shared/schemas/booking';
import type { Service } from '@shared/schemas/service';
import { serviceOptions } from '@shared/service-options';
import { clashText } from '@shared/time-range-text';
import { healthFlagsText } from '@shared/health-flags';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx, DbTx } from '../../db/client';
import { isExclusionViolation, isUniqueViolation } from '../../db/errors';
import { apiError, invalidField, notFound } from '../../http/errors';
import type { SecretBox } from '../../secret-box';
import { loadOfferedSlots, type OfferDeps, type OfferedDay } from '../availability/offered-slots';
import { clashesOf } from '../calendars/busy-repository';
import { clientForBooking } from '../clients/matching';
import { decideMatch } from '../clients/match-decision';
import { possibleMatchOfClient } from '../clients/match-view';
import type { MatchDecision } from '@shared/client-match';
import { askDeposit, dropDepositOfReturning } from '../deposits/ask';
import { settleDepositOnClose } from '../deposits/settle';
import { depositView } from '../deposits/view';
import { healthFor, noHealth, type HealthOf } from '../health-forms/health-of';
import { routePoints, visitOf } from '../scheduling/day-route';
import { smsConfigured } from '../sms/settings-store';
import type { DriveSource } from '../scheduling/drive-source';
import { createServicesRepository } from '../services/repository';
import type { TravelService } from '../travel/service';
import { lockDay, lockDays } from '../visits/day-lock';
import { spendVoucherOfBooking } from '../vouchers/redeem';
import { occupiedRange } from '../visits/occupied-range';
import { createVisitsRepository } from '../visits/repository';
import { expireStaleRequests } from './expire-stale';
import { moveInPlace } from './move-in-place';
import { createIdempotencyRepository } from './idempotency-repository';
import { openInjuryDetails, sealInjuryDetails } from './injury-details';
import { notify, type BookingEvent } from './notifications';
import { createBookingsRepository, toBooking, type BookingRow } from './repository';
import { approvalRouteRefusal, checkRequestedTime, refuseTime } from './route-check';
import { allowedFrom, refusalMessage, type StatusActor } from './transitions';

export const BOOKING_NOT_FOUND = 'Booking not found';
export const NOT_FOUND_OR_CANCELLED = 'Booking not found or already cancelled';
export const REQUEST_EXPIRED = 'This booking request expired before it was answered';
export const ALREADY_STARTED = 'This appointment has already started. Please contact us directly.';
export const PRACTICE_ALREADY_STARTED = 'This visit has already started, so it can no longer be moved.';
export const BOOKING_CANCELLED = 'This booking has been cancelled, so it can no longer be changed.';
export const REQUEST_DECLINED = 'This booking request was declined, so it can no longer be changed.';
export const LATE_NOT_CONFIRMED = 'Only a confirmed visit can be marked as a late cancellation.';
export const lateOutsideCutoff = (hours: number) =>
  `This visit starts more than ${hours} hours from now, so it is not a late cancellation. Cancel it without the mark.`;
export const IDEMPOTENCY_MISMATCH = 'This Idempotency-Key was already used for a different booking request';

export interface BookingDeps {
  db: Db;
  /** Seals the injury details as stored and opens them for an answer (injury-details.ts). */
  box: SecretBox;
  config: AppConfig;
  travel: Pick<TravelService, 'assess'>;
  /** Drive times for the route rule (docs/product.md §10). */
  drives: DriveSource;
  /** Hours and blocked dates from memory, for the quick check before the lock (never inside it). */
  rules?: OfferDeps['rules'];
  /** The catalogue from memory (services/cached-service-by-id.ts); by default, from the database. */
  serviceById?: (id: number) => Promise<Service | null>;
  now?: () => Date;
  /** The clients' health form status and red flags (docs/product.md §13); by default, none. */
  healthOf?: HealthOf;
  /** A moved visit of a regular's series (series/visit-moved.ts, passed in from app.ts); by default, none. */
  seriesVisits?: SeriesVisits;
}

/** What a move does for a visit of a series, given by modules/series (which imports this module). */
export interface SeriesVisits {
  /** The series' row lock, taken before any day lock. */
  lock(tx: DbTx, seriesId: number): Promise<void>;
  /** After the move, in its transaction: answers whether the client was told (the series' updated file). */
  moved(tx: DbTx, moved: BookingRow, at: Date): Promise<boolean>;
}

/**
 * A waitlist hold being accepted (docs/product.md §4 "Waitlist"): the request is made through the
 * same code as any other, with every rule checked again; the hold keeps its time for this request only.
 */
export interface HeldTime {
  offerId: number;
  /** Inside the transaction, under the day's lock, before the time is checked: throws when the hold is gone. */
  claim(tx: DbTx): Promise<void>;
  /** Inside the same transaction, once the booking exists. */
  booked(tx: DbTx, booking: Booking): Promise<void>;
}

/**
 * Thrown inside a transaction when the booking's date changed between reading it and locking its day (a
 * reschedule committed in between): the caller starts again with the day it now has.
 */
class DayMoved extends Error {}
/** How many times a change starts again after a concurrent move of the same booking. */
const DAY_MOVED_RETRIES = 3;

/** Who moves a visit: the client's link (refused inside the change cut-off) or her (docs/product.md §4). */
type Mover = 'client' | 'practice';

/** 192 random bits, URL-safe: the private link's secret. */
export const newCancelToken = () => randomBytes(24).toString('base64url');

export function createBookingService(deps: BookingDeps) {
  const { db, box, config, drives } = deps;
  const now = deps.now ?? (() => new Date());
  const healthOf = deps.healthOf ?? noHealth;
  const serviceById = deps.serviceById ?? ((id: number) => createServicesRepository(db).get(id));

  async function storedAnswer(key: string, requestHash: string): Promise<Booking | null> {
    const row = await createIdempotencyRepository(db).find(key);
    if (!row) return null;
    if (row.requestHash !== requestHash) throw apiError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MISMATCH);
    // Kept with the injury details sealed, as the booking is (create below).
    const answer = row.response as Booking;
    return { ...answer, injuryDetails: openInjuryDetails(box, answer.injuryDetails) };
  }

  return {
    /**
     * POST /api/bookings, and a waitlist offer's 'Book this time' (`held`). Answers the booking and whether it
     * was replayed from an Idempotency-Key.
     */
    async create(
      input: BookingRequest,
      rawBody: unknown,
      idempotencyKey?: string,
      held?: HeldTime,
    ): Promise<{ booking: Booking; replayed: boolean }> {
      const requestHash = createHash('sha256')
        .update(JSON.stringify(rawBody ?? null))
        .digest('hex');
      if (idempotencyKey) {
        const previous = await storedAnswer(idempotencyKey, requestHash);
        if (previous) return { booking: previous, replayed: true };
      }

      // serviceLengthId is the booking form's name for the service's id (docs/product.md §5).
      const service = await serviceById(input.serviceLengthId);
      if (!service) throw invalidField('serviceLengthId', 'Please select a service');
      const options = serviceOptions(service);
      const option = input.duration === undefined ? options[0] : options.find((o) => o.duration === input.duration);
      if (!option) throw invalidField('duration', 'Please choose one of the durations this service offers');

      const { quote: travel, location, source: travelSource } = await deps.travel.assess(input.address);
      // The quote's message names her service area's distance (docs/product.md §19).
      if (travel.zone === 'refused') throw invalidField('address', travel.message, 'OUTSIDE_SERVICE_AREA');

      const at = now();
      const requested = { date: input.date, time: input.time, durationMinutes: option.duration };
      const visitor = { location };
      // A quick answer before any lock, which also fetches the drives the check needs.
      const excludeOfferId = held?.offerId;
      refuseTime(
        await checkRequestedTime({ db, config, drives, rules: deps.rules }, requested, visitor, at, { excludeOfferId }),
      );

      const range = occupiedRange(input.date, input.time, option.duration, config.booking.bufferMinutes);
      const expiresAt = new Date(Math.min(at.getTime() + config.booking.pendingExpiryMs, range.startsAt.getTime()));
      try {
        const booking = await db.transaction(async (tx) => {
          // One request at a time per NZ day, on every process: the route check below then sees
          // every visit already committed for the day (visits/day-lock.ts).
          await lockDay(tx, input.date);
          // Free the slots of requests nobody answered in time before claiming one.
          await expireStaleRequests(tx, config, at);
          if (held) await held.claim(tx);
          refuseTime(
            await checkRequestedTime({ db: tx, config, drives }, requested, visitor, at, {
              prefetch: false,
              excludeOfferId,
            }),
          );
          // Every booking belongs to a client (docs/product.md §12): a new one, which may name an existing client
          // as a possible match she decides on (docs/decisions/034). So the deposit asked and the health form's
          // status below are a new client's whoever's e-mail was typed: they tell the public nothing.
          const clientId = await clientForBooking(tx, input, at);
          // The deposit is the server's decision (docs/product.md §18.2): the service's rule, her setting, first-time
          // or not.
          const deposit = await askDeposit(tx, {
            rule: service,
            priceCents: option.price,
            clientId,
            bankAccount: config.practice.bankAccount,
          });
          const row = await createBookingsRepository(tx).insert({
            clientId,
            serviceId: service.id,
            serviceName: service.name,
            date: input.date,
            time: input.time,
            duration: option.duration,
            price: option.price,
            travelCost: travel.travelCost,
            distanceKm: travel.distanceKm,
            travelTimeMinutes: travel.travelTimeMinutes,
            isOutsideServiceArea: travel.isOutsideServiceArea,
            travelUnresolved: travel.unresolved,
            travelSource,
            locationLat: location?.lat ?? null,
            locationLon: location?.lon ?? null,
            address: input.address,
            hasInjuries: input.hasInjuries,
            injuryDetails: sealInjuryDetails(box, input.injuryDetails),
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            phone: input.phone,
            notes: input.notes,
            // The box is offered only while texts are set up (decision 038): a tick from a page opened before she
            // turned them off, or from a script, is stored as no, so turning texts on later texts no one unasked.
            smsOptIn: input.smsOptIn && (await smsConfigured(tx, config)),
            cancelToken: newCancelToken(),
            status: 'pending',
            ...range,
            expiresAt,
            createdAt: at,
            updatedAt: at,
            statusChangedAt: at,
            ...deposit,
          });
          const created: Booking = { ...toBooking(row, box), deposit: depositView(row, [], config) };
          // The e-mail links the health form when it is missing or outdated (never what it holds).
          const healthForm = healthFor(await healthOf([clientId], tx), clientId).status;
          await notify(tx, config, 'requested', { ...created, healthForm }, { viaWaitlist: held !== undefined });
          if (held) await held.booked(tx, created);
          if (idempotencyKey) {
            await createIdempotencyRepository(tx).insert({
              key: idempotencyKey,
              requestHash,
              statusCode: 201,
              response: { ...created, injuryDetails: row.injuryDetails },
            });
          }
          return created;
        });
        return { booking, replayed: false };
      } catch (err) {
        // A retry of the same request that raced the first one: answer what the first got.
        if (idempotencyKey && (isExclusionViolation(err) || isUniqueViolation(err))) {
          const previous = await storedAnswer(idempotencyKey, requestHash);
          if (previous) return { booking: previous, replayed: true };
        }
        if (isExclusionViolation(err)) throw apiError('SLOT_TAKEN', SLOT_TAKEN);
        throw err;
      }
    },

    /** The row of a private link (GET /api/bookings/token/{token} adds the health form's status). */
    async findRowByToken(token: string): Promise<BookingRow> {
      const row = await createBookingsRepository(db).findByToken(token);
      if (!row) throw notFound('BOOKING_NOT_FOUND', BOOKING_NOT_FOUND);
      return row;
    },

    async findByToken(token: string): Promise<Booking> {
      const row = await createBookingsRepository(db).findByToken(token);
      if (!row) throw notFound('BOOKING_NOT_FOUND', BOOKING_NOT_FOUND);
      return toBooking(row, box);
    },

    /** POST /api/bookings/cancel/{token}: the client cancels through the private link. */
    async cancelByToken(token: string): Promise<Booking> {
      const row = await createBookingsRepository(db).findByToken(token);
      // Unknown, or already cancelled: the same 404 (the client treats it as already cancelled).
      if (!row || row.status === 'cancelled') throw notFound('BOOKING_NOT_FOUND_OR_CANCELLED', NOT_FOUND_OR_CANCELLED);
      // Too late for the link: say so, rather than a refusal (a declined request is refused below).
      if (CLIENT_CANCELLABLE_STATUSES.includes(row.status) && hasStarted(row, now()))
        throw apiError('ALREADY_STARTED', ALREADY_STARTED);
      // Inside the cut-off a confirmed visit is hers to change: the client calls (docs/product.md §4).
      if (cancelClosedByCutoff(row, config.booking.changeCutoffHours, now())) throw cutoffPassed();
      return changeStatus(row.id, 'client', 'cancelled', undefined, 'cancelled-by-client');
    },

    /**
     * POST /api/bookings/token/{token}/reschedule (docs/product.md §4 "Changing a visit"): the client moves their visit
     * through the link, refused inside the change cut-off (moveBooking below).
     */
    async rescheduleByToken(token: string, input: RescheduleRequest): Promise<Booking> {
      const repo = createBookingsRepository(db);
      return moveBooking(await repo.findByToken(token), input, 'client', (id) => repo.findById(id));
    },

    /**
     * POST /api/admin/bookings/{id}/reschedule (docs/product.md §4 "Changing a visit", 'Change time…'): she moves any
     * pending or confirmed visit that has not started, with every rule a new request meets but no change cut-off (the
     * cut-off limits the client's link only).
     */
    async rescheduleById(id: number, input: RescheduleRequest): Promise<Booking> {
      const repo = createBookingsRepository(db);
      return moveBooking(await repo.findById(id), input, 'practice', (bookingId) => repo.findById(bookingId));
    },

    /**
     * GET /api/bookings/token/{token}/availability (docs/product.md §4 "Changing a visit", 'Change time'): the times
     * this booking could move to, from the same answer as the wizard's and the move's own check (loadOfferedSlots): its
     * service length, the route from its own address, and its own current time counted as free for itself. Only the
     * link's holder asks, and only while the link may move the visit (refuseChange).
     */
    async offeredForMove(
      token: string,
      range: { from: string; to: string },
    ): Promise<{ duration: number; days: OfferedDay[] }> {
      return offeredFor(await createBookingsRepository(db).findByToken(token), range, 'client');
    },

    /** GET /api/admin/bookings/{id}/availability: the same answer for her 'Change time…' (no cut-off). */
    async offeredForPracticeMove(
      id: number,
      range: { from: string; to: string },
    ): Promise<{ duration: number; days: OfferedDay[] }> {
      return offeredFor(await createBookingsRepository(db).findById(id), range, 'practice');
    },

    /** The admin's approve/reject (pending list) and confirm/cancel (calendar). */
    changeStatus: (
      id: number,
      actor: StatusActor,
      to: BookingStatus,
      adminNote?: string,
      options: StatusOptions = {},
    ) => changeStatus(id, actor, to, adminNote, eventFor(actor, to), options),
  };

  async function offeredFor(
    row: BookingRow | null,
    range: { from: string; to: string },
    mover: Mover,
  ): Promise<{ duration: number; days: OfferedDay[] }> {
    const at = now();
    if (!row) throw notFound('BOOKING_NOT_FOUND', BOOKING_NOT_FOUND);
    refuseMove(mover, row, at);
    const visitor = { location: visitOf(row).location };
    const days = await loadOfferedSlots({ db, config, drives, rules: deps.rules }, range, row.duration, at, visitor, {
      excludeBookingId: row.id,
    });
    return { duration: row.duration, days };
  }

  /**
   * Moves a visit (the client's link or her 'Change time…'): the same visit (service, duration, address) at a
   * new time that passes every rule a new request passes, in one transaction: the new time is taken and the
   * old released together, or nothing changes. The row is updated in place (same id and link, so the
   * calendar UID stays; the ics_sequence trigger raises SEQUENCE); its status is kept. A visit of a series
   * takes the series' lock first (the lock order of series/service.ts) and the client gets the series'
   * updated file instead (series/visit-moved.ts).
   */
  async function moveBooking(
    found: BookingRow | null,
    input: RescheduleRequest,
    mover: Mover,
    reload: (id: number) => Promise<BookingRow | null>,
  ): Promise<Booking> {
    const at = now();
    let row = found;
    if (!row) throw notFound('BOOKING_NOT_FOUND', BOOKING_NOT_FOUND);
    refuseMove(mover, row, at);
    // Asked for the time it already has: nothing to move, nothing to tell.
    if (row.date === input.date && row.time === input.time) return toBooking(row, box);
    const requested = { date: input.date, time: input.time, durationMinutes: row.duration };
    const visitor = { location: visitOf(row).location };
    // The quick answer before any lock, which also fetches the drives the check needs: the same check
    // as a new request's, with the booking's own old time left out (it is released by the move).
    refuseTime(
      await checkRequestedTime({ db, config, drives, rules: deps.rules }, requested, visitor, at, {
        excludeBookingId: row.id,
      }),
    );
    for (let attempt = 0; ; attempt++) {
      const read = row;
      try {
        return await db.transaction(async (tx) => {
          if (read.seriesId !== null) await deps.seriesVisits?.lock(tx, read.seriesId);
          // Both days' locks, in date order whoever asks (two clients swapping days cannot deadlock):
          // the old day loses a visit, the new one gains it, and no other change to either day runs
          // in between (visits/day-lock.ts).
          await lockDays(tx, [read.date, input.date]);
          const repo = createBookingsRepository(tx);
          const current = await repo.lockById(read.id);
          if (!current) throw notFound('BOOKING_NOT_FOUND', BOOKING_NOT_FOUND);
          if (current.date !== read.date || current.seriesId !== read.seriesId) throw new DayMoved();
          refuseMove(mover, current, at);
          await expireStaleRequests(tx, config, at);
          refuseTime(
            await checkRequestedTime({ db: tx, config, drives }, requested, visitor, at, {
              prefetch: false,
              excludeBookingId: current.id,
            }),
          );
          const moved = await moveInPlace(tx, config, current, input, at);
          const booking = toBooking(moved, box);
          const previous = { date: current.date, time: current.time };
          // A visit of a series: the client gets the series' updated file, not a second event.
          const toldBySeries = (await deps.seriesVisits?.moved(tx, moved, at)) ?? false;
          await notify(tx, config, 'rescheduled', booking, {
            previous,
            icsSequence: moved.icsSequence,
            by: mover,
            clientTold: toldBySeries,
          });
          return booking;
        });
      } catch (err) {
        if (err instanceof DayMoved && attempt < DAY_MOVED_RETRIES) {
          row = await reload(read.id);
          if (!row) throw notFound('BOOKING_NOT_FOUND', BOOKING_NOT_FOUND);
          continue;
        }
        if (isExclusionViolation(err)) throw apiError('SLOT_TAKEN', SLOT_TAKEN);
        throw err;
      }
    }
  }

  function refuseMove(mover: Mover, row: BookingRow, at: Date): void {
    if (mover === 'client') refuseChange(row, at);
    else refusePracticeChange(row, at);
  }

  /**
   * Why the private link may not move this booking (docs/product.md §4 "Client cancellation"), or nothing: cancelled or
   * declined, expired, started, or inside the change cut-off (then her phone and e-mail).
   */
  function refuseChange(row: BookingRow, at: Date): void {
    refuseClosed(row, at);
    if (hasStarted(row, at)) throw apiError('ALREADY_STARTED', ALREADY_STARTED);
    if (insideChangeCutoff(row, config.booking.changeCutoffHours, at)) throw cutoffPassed();
  }

  /** Why she may not move this booking: closed or started (no cut-off for her, docs/product.md §4). */
  function refusePracticeChange(row: BookingRow, at: Date): void {
    refuseClosed(row, at);
    if (hasStarted(row, at)) throw apiError('ALREADY_STARTED', PRACTICE_ALREADY_STARTED);
  }

  function refuseClosed(row: BookingRow, at: Date): void {
    if (row.status === 'cancelled') throw apiError('BOOKING_NOT_CHANGEABLE', BOOKING_CANCELLED);
    const expired = row.status === 'pending' ? row.expiresAt !== null && row.expiresAt <= at : row.expiredAt !== null;
    if (expired) throw apiError('REQUEST_EXPIRED', REQUEST_EXPIRED);
    if (row.status === 'rejected') throw apiError('BOOKING_NOT_CHANGEABLE', REQUEST_DECLINED);
  }

  function refuseLateMark(row: BookingRow | null, to: BookingStatus, at: Date): void {
    if (!row) throw notFound('BOOKING_NOT_FOUND', BOOKING_NOT_FOUND);
    if (to !== 'cancelled' || row.status !== 'confirmed')
      throw apiError('LATE_CANCELLATION_REFUSED', LATE_NOT_CONFIRMED);
    const hours = config.booking.changeCutoffHours;
    if (!insideChangeCutoff(row, hours, at)) throw apiError('LATE_CANCELLATION_REFUSED', lateOutsideCutoff(hours));
  }

  function cutoffPassed() {
    return apiError('CHANGE_CUTOFF_PASSED', changeCutoffMessage(config.booking.changeCutoffHours, config.practice));
  }

  /** The drives between a visit and the rest of its day, fetched before the day is locked. */
  async function prefetchDayAround(row: BookingRow, at: Date): Promise<void> {
    const here = visitOf(row).location;
    if (!here) return;
    const day = await createVisitsRepository(db).activeOnDate(row.date, at);
    await drives.prefetch(routePoints(config.practice.base, day.map(visitOf)), here);
  }

  async function changeStatus(
    id: number,
    actor: StatusActor,
    to: BookingStatus,
    adminNote: string | undefined,
    event: BookingEvent,
    options: StatusOptions = {},
  ): Promise<Booking> {
    const at = now();
    let joinsRoute = to === 'confirmed' ? await createBookingsRepository(db).findById(id) : undefined;
    if (joinsRoute?.status === 'pending') await prefetchDayAround(joinsRoute, at);
    // Red flags on the client's health form: she approves only having read them (docs/product.md §13).
    const flags =
      joinsRoute?.status === 'pending' && !options.confirmHealth
        ? await flagsOnApproval(joinsRoute.clientId, options.clientMatch)
        : [];
    for (let attempt = 0; ; attempt++) {
      try {
        return await changeStatusOnce(id, actor, to, adminNote, event, options, joinsRoute, flags, at);
      } catch (err) {
        // The client moved the request to another day between our read and the lock: judge that day.
        if (!(err instanceof DayMoved) || attempt >= DAY_MOVED_RETRIES) throw err;
        joinsRoute = await createBookingsRepository(db).findById(id);
      }
    }
  }

  /**
   * The red flags she approves on: the request's client's, and when she links it to the existing client it may be
   * (docs/decisions/034), that client's too, since its form then shows on the visit.
   */
  async function flagsOnApproval(clientId: number | null, clientMatch: MatchDecision | undefined): Promise<string[]> {
    const matchOf = clientMatch === 'link' && clientId !== null ? await possibleMatchOfClient(db, clientId) : null;
    const ids = matchOf === null ? [clientId] : [clientId, matchOf];
    const health = await healthOf(ids);
    return [...new Set(ids.flatMap((id) => healthFor(health, id).flags))];
  }

  async function changeStatusOnce(
    id: number,
    actor: StatusActor,
    to: BookingStatus,
    adminNote: string | undefined,
    event: BookingEvent,
    options: StatusOptions,
    joinsRoute: BookingRow | null | undefined,
    flags: readonly string[],
    at: Date,
  ): Promise<Booking> {
    return db.transaction(async (tx) => {
      const repo = createBookingsRepository(tx);
      // Approving must never leave a day she cannot drive (docs/product.md §10): checked under the
      // day's lock, against the visits committed for it.
      if (joinsRoute) {
        await lockDay(tx, joinsRoute.date);
        const current = await repo.findById(id);
        // Moved by its client since it was read (a reschedule holds both days' locks): start again.
        if (current && current.date !== joinsRoute.date) throw new DayMoved();
        // A hold she took over a refusal ('Book anyway', docs/product.md §4 "Bookings she takes herself") was taken
        // knowing: her confirmation stands.
        const overridden = current?.overrideReason != null;
        const routeRefusal =
          current?.status === 'pending' && !overridden
            ? await approvalRouteRefusal(tx, config, drives, current, at)
            : null;
        if (routeRefusal) {
          const grace = config.booking.route.dayEndGraceMinutes;
          throw apiError('APPROVAL_BREAKS_ROUTE', approvalBreaksRoute(routeRefusal, grace));
        }
        // A busy time synced after the request was made: she decides, knowing (docs/product.md §11).
        if (current?.status === 'pending' && !options.confirmClash) await refuseUnconfirmedClash(tx, current);
        if (current?.status === 'pending' && flags.length > 0)
          throw apiError('HEALTH_NOT_CONFIRMED', healthNotConfirmedMessage(healthFlagsText(flags)));
      }
      // 'Late cancellation' (docs/product.md §4 "Client cancellation"): only her cancellation of a confirmed visit
      // inside the cut-off, judged on the locked row, so nothing changes when it is refused.
      if (options.lateCancellation) refuseLateMark(await repo.lockById(id), to, at);
      const updated = await repo.changeStatus(id, allowedFrom(actor, to), to, {
        adminNote,
        now: at,
        lateCancellation: options.lateCancellation === true,
      });
      if (!updated) {
        const current = await repo.findById(id);
        if (!current) throw notFound('BOOKING_NOT_FOUND', BOOKING_NOT_FOUND);
        // Expired, whether or not the expiry job has closed it yet (it then reads 'rejected',
        // but the client did not decline and the admin did not either: say what happened).
        const expired =
          current.status === 'pending'
            ? current.expiresAt !== null && current.expiresAt <= at
            : current.expiredAt !== null;
        if (expired) throw apiError('REQUEST_EXPIRED', REQUEST_EXPIRED);
        throw apiError('STATUS_CHANGE_NOT_ALLOWED', refusalMessage(current.status, to));
      }
      // Her answer on a possible match, with the approval (docs/decisions/034); one decided meanwhile is left be.
      let decided = updated;
      if (to === 'confirmed' && options.clientMatch && updated.clientId !== null && options.by) {
        if ((await possibleMatchOfClient(tx, updated.clientId)) !== null) {
          const clientId = await decideMatch(tx, box, updated.clientId, options.clientMatch, options.by, at);
          // A returning client linked: the first-time deposit the request was asked is not asked after all.
          await dropDepositOfReturning(tx, { ...updated, clientId });
          decided = (await repo.findById(id)) ?? updated;
        }
      }
      // A gift voucher given on the booking's page pays what it can once she confirms the visit
      // (docs/product.md §18.5).
      if (to === 'confirmed') await spendVoucherOfBooking(tx, id, at);
      const booking = toBooking(decided, box);
      // A deposit received is kept (a late cancellation, her setting) or to be refunded: the e-mail says which.
      const depositNote =
        to === 'cancelled' || to === 'rejected'
          ? await settleDepositOnClose(tx, updated, {
              lateCancellation: options.lateCancellation === true,
              cutoffHours: config.booking.changeCutoffHours,
            })
          : null;
      // The calendar file of the confirmation carries the row's SEQUENCE, so it replaces an earlier copy.
      await notify(tx, config, event, booking, {
        icsSequence: updated.icsSequence,
        depositNote: depositNote ?? undefined,
      });
      return booking;
    });
  }
}
export type BookingService = ReturnType<typeof createBookingService>;

/** Her acknowledgements on a status change, and the late-cancellation mark (docs/product.md §4 "Client cancellation").
 * */
interface StatusOptions {
  confirmClash?: boolean;
  confirmHealth?: boolean;
  lateCancellation?: boolean;
  /** Her decision on the request's possible match (docs/decisions/034), with an approval. */
  clientMatch?: MatchDecision;
  /** Who decides: her username, for the client's access log. */
  by?: string;
}

async function refuseUnconfirmedClash(tx: DbOrTx, row: BookingRow): Promise<void> {
  const clashes = (await clashesOf(tx, [{ id: row.id, start: row.startsAt, end: row.endsAt }])).get(row.id);
  if (clashes) throw apiError('CALENDAR_CLASH', calendarClashMessage(clashes.map(clashText)));
}

function eventFor(actor: StatusActor, to: BookingStatus): BookingEvent {
  if (to === 'confirmed') return 'confirmed';
  if (to === 'rejected') return 'rejected';
  return actor === 'client' ? 'cancelled-by-client' : 'cancelled-by-admin';
}
