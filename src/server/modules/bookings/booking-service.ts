/**
 * Creating and changing bookings. The server is the authority: duration and price come
 * from the service option, travel from its own calculation, availability from the
 * database; the exclusion constraint has the last word against double booking.
 */
import { createHash, randomBytes } from 'node:crypto';
import { CLIENT_CANCELLABLE_STATUSES, hasStarted } from '@shared/booking-rules';
import type { BookingStatus } from '@shared/constants';
import {
  APPROVAL_BREAKS_ROUTE,
  calendarClashMessage,
  healthNotConfirmedMessage,
  OUTSIDE_SERVICE_AREA,
  ROUTE_DOES_NOT_FIT,
  SLOT_TAKEN,
} from '@shared/messages';
import type { Booking, BookingRequest } from '@shared/schemas/booking';
import type { Service } from '@shared/schemas/service';
import { serviceOptions } from '@shared/service-options';
import { clashText } from '@shared/time-range-text';
import { healthFlagsText } from '@shared/health-form';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { isExclusionViolation, isUniqueViolation } from '../../db/errors';
import { apiError, invalidField, notFound } from '../../http/errors';
import type { SecretBox } from '../../secret-box';
import type { OfferDeps } from '../availability/offered-slots';
import { clashesOf } from '../calendars/busy-repository';
import { findOrCreateClient } from '../clients/matching';
import { healthFor, noHealth, type HealthOf } from '../health-forms/health-of';
import { routePoints, visitOf } from '../scheduling/day-route';
import type { DriveSource } from '../scheduling/drive-source';
import { createServicesRepository } from '../services/repository';
import type { TravelService } from '../travel/service';
import { lockDay } from '../visits/day-lock';
import { occupiedRange } from '../visits/occupied-range';
import { createVisitsRepository } from '../visits/repository';
import { expireStaleRequests } from './expire-stale';
import { createIdempotencyRepository } from './idempotency-repository';
import { openInjuryDetails, sealInjuryDetails } from './injury-details';
import { notify, type BookingEvent } from './notifications';
import { createBookingsRepository, toBooking, type BookingRow } from './repository';
import { approvalFitsRoute, checkRequestedTime, type TimeCheck } from './route-check';
import { allowedFrom, refusalMessage, type StatusActor } from './transitions';

export const BOOKING_NOT_FOUND = 'Booking not found';
export const NOT_FOUND_OR_CANCELLED = 'Booking not found or already cancelled';
export const REQUEST_EXPIRED = 'This booking request expired before it was answered';
export const ALREADY_STARTED = 'This appointment has already started. Please contact us directly.';
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
  /** The clients' health form status and red flags (issue 24); by default, none. */
  healthOf?: HealthOf;
}

/** Why a requested time cannot be had: taken by the slot rules, or the drive does not fit. */
function refuseTime(check: TimeCheck): void {
  if (check === 'taken') throw apiError('SLOT_TAKEN', SLOT_TAKEN);
  if (check === 'route') throw apiError('ROUTE_DOES_NOT_FIT', ROUTE_DOES_NOT_FIT);
}

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
    /** POST /api/bookings. Answers the booking and whether it was replayed from an Idempotency-Key. */
    async create(
      input: BookingRequest,
      rawBody: unknown,
      idempotencyKey?: string,
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

      const { quote: travel, location } = await deps.travel.assess(input.address);
      if (travel.zone === 'refused') throw invalidField('address', OUTSIDE_SERVICE_AREA, 'OUTSIDE_SERVICE_AREA');

      const at = now();
      const requested = { date: input.date, time: input.time, durationMinutes: option.duration };
      const visitor = { location };
      // A quick answer before any lock, which also fetches the drives the check needs.
      refuseTime(await checkRequestedTime({ db, config, drives, rules: deps.rules }, requested, visitor, at));

      const range = occupiedRange(input.date, input.time, option.duration, config.booking.bufferMinutes);
      const expiresAt = new Date(Math.min(at.getTime() + config.booking.pendingExpiryMs, range.startsAt.getTime()));
      try {
        const booking = await db.transaction(async (tx) => {
          // One request at a time per NZ day, on every process: the route check below then sees
          // every visit already committed for the day (visits/day-lock.ts).
          await lockDay(tx, input.date);
          // Free the slots of requests nobody answered in time before claiming one.
          await expireStaleRequests(tx, config, at);
          refuseTime(await checkRequestedTime({ db: tx, config, drives }, requested, visitor, at, { prefetch: false }));
          // Every booking belongs to a client (docs/product.md §12), found or made in this transaction.
          const clientId = await findOrCreateClient(tx, input, at);
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
            cancelToken: newCancelToken(),
            status: 'pending',
            ...range,
            expiresAt,
            createdAt: at,
            updatedAt: at,
            statusChangedAt: at,
          });
          const created = toBooking(row, box);
          // The e-mail links the health form when it is missing or outdated (never what it holds).
          const healthForm = healthFor(await healthOf([clientId], tx), clientId).status;
          await notify(tx, config, 'requested', { ...created, healthForm });
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
      return changeStatus(row.id, 'client', 'cancelled', undefined, 'cancelled-by-client');
    },

    /** The admin's approve/reject (pending list) and confirm/cancel (calendar). */
    changeStatus: (
      id: number,
      actor: StatusActor,
      to: BookingStatus,
      adminNote?: string,
      options: { confirmClash?: boolean; confirmHealth?: boolean } = {},
    ) => changeStatus(id, actor, to, adminNote, eventFor(actor, to), options),
  };

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
    options: { confirmClash?: boolean; confirmHealth?: boolean } = {},
  ): Promise<Booking> {
    const at = now();
    const joinsRoute = to === 'confirmed' ? await createBookingsRepository(db).findById(id) : undefined;
    if (joinsRoute?.status === 'pending') await prefetchDayAround(joinsRoute, at);
    // Red flags on the client's health form: she approves only having read them (docs/product.md §13).
    const flags =
      joinsRoute?.status === 'pending' && !options.confirmHealth
        ? healthFor(await healthOf([joinsRoute.clientId]), joinsRoute.clientId).flags
        : [];
    return db.transaction(async (tx) => {
      const repo = createBookingsRepository(tx);
      // Approving must never leave a day she cannot drive (docs/product.md §10): checked under the
      // day's lock, against the visits committed for it.
      if (joinsRoute) {
        await lockDay(tx, joinsRoute.date);
        const current = await repo.findById(id);
        if (current?.status === 'pending' && !(await approvalFitsRoute(tx, config, drives, current, at)))
          throw apiError('APPROVAL_BREAKS_ROUTE', APPROVAL_BREAKS_ROUTE);
        // A busy time synced after the request was made: she decides, knowing (docs/product.md §11).
        if (current?.status === 'pending' && !options.confirmClash) await refuseUnconfirmedClash(tx, current);
        if (current?.status === 'pending' && flags.length > 0)
          throw apiError('HEALTH_NOT_CONFIRMED', healthNotConfirmedMessage(healthFlagsText(flags)));
      }
      const updated = await repo.changeStatus(id, allowedFrom(actor, to), to, { adminNote, now: at });
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
      const booking = toBooking(updated, box);
      await notify(tx, config, event, booking);
      return booking;
    });
  }
}
export type BookingService = ReturnType<typeof createBookingService>;

async function refuseUnconfirmedClash(tx: DbOrTx, row: BookingRow): Promise<void> {
  const clashes = (await clashesOf(tx, [{ id: row.id, start: row.startsAt, end: row.endsAt }])).get(row.id);
  if (clashes) throw apiError('CALENDAR_CLASH', calendarClashMessage(clashes.map(clashText)));
}

function eventFor(actor: StatusActor, to: BookingStatus): BookingEvent {
  if (to === 'confirmed') return 'confirmed';
  if (to === 'rejected') return 'rejected';
  return actor === 'client' ? 'cancelled-by-client' : 'cancelled-by-admin';
}
