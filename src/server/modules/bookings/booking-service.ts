/**
 * Creating and changing bookings. The server is the authority: duration and price come
 * from the service option, travel from its own calculation, availability from the
 * database; the exclusion constraint has the last word against double booking.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { BookingStatus } from '@shared/constants';
import { OUTSIDE_SERVICE_AREA, SLOT_TAKEN } from '@shared/messages';
import type { Booking, BookingRequest, TravelQuote } from '@shared/schemas/booking';
import { serviceOptions } from '@shared/service-options';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { isExclusionViolation, isUniqueViolation } from '../../db/errors';
import { idempotencyKeys } from '../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { loadAvailabilityInput } from '../availability/repository';
import { daySlots, occupiedRange } from '../availability/slots';
import { createServicesRepository } from '../services/repository';
import { notify, type BookingEvent } from './notifications';
import { createBookingsRepository, toBooking } from './repository';
import { allowedFrom, refusalMessage, type StatusActor } from './transitions';

export const BOOKING_NOT_FOUND = 'Booking not found';
export const NOT_FOUND_OR_CANCELLED = 'Booking not found or already cancelled';
export const REQUEST_EXPIRED = 'This booking request expired before it was answered';
export const ALREADY_STARTED = 'This appointment has already started. Please contact us directly.';
export const IDEMPOTENCY_MISMATCH = 'This Idempotency-Key was already used for a different booking request';

export interface BookingDeps {
  db: Db;
  config: AppConfig;
  travel: { quote(address: string): Promise<TravelQuote> };
  now?: () => Date;
}

/** 192 random bits, URL-safe: the private link's secret. */
export const newCancelToken = () => randomBytes(24).toString('base64url');

export function createBookingService(deps: BookingDeps) {
  const { db, config } = deps;
  const now = deps.now ?? (() => new Date());

  /** Closes expired pending requests (and tells their clients) inside tx. */
  async function expireStale(tx: DbOrTx, at: Date): Promise<number> {
    const expired = await createBookingsRepository(tx).expirePending(at);
    for (const row of expired) await notify(tx, config, 'expired', toBooking(row));
    return expired.length;
  }

  async function storedAnswer(key: string, requestHash: string): Promise<Booking | null> {
    const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    if (!row) return null;
    if (row.requestHash !== requestHash) throw new HttpError(422, IDEMPOTENCY_MISMATCH);
    return row.response as Booking;
  }

  return {
    expireStale: (at = now()) => db.transaction((tx) => expireStale(tx, at)),

    /** POST /api/bookings. Answers the booking and whether it was replayed from an Idempotency-Key. */
    async create(input: BookingRequest, rawBody: unknown, idempotencyKey?: string): Promise<{ booking: Booking; replayed: boolean }> {
      const requestHash = createHash('sha256').update(JSON.stringify(rawBody ?? null)).digest('hex');
      if (idempotencyKey) {
        const previous = await storedAnswer(idempotencyKey, requestHash);
        if (previous) return { booking: previous, replayed: true };
      }

      const service = await createServicesRepository(db).get(input.serviceLengthId);
      if (!service) throw badRequest('Please select a service', [{ path: 'serviceLengthId', message: 'Please select a service' }]);
      const options = serviceOptions(service);
      const option = input.duration === undefined ? options[0] : options.find((o) => o.duration === input.duration);
      if (!option) throw badRequest('Please choose one of the durations this service offers', [{ path: 'duration', message: 'Please choose one of the durations this service offers' }]);

      const travel = await deps.travel.quote(input.address);
      if (travel.refused) throw badRequest(OUTSIDE_SERVICE_AREA, [{ path: 'address', message: OUTSIDE_SERVICE_AREA }]);

      const at = now();
      const slots = daySlots(input.date, await loadAvailabilityInput(db, input.date, input.date, at), { ...config.booking, durationMinutes: option.duration }, at);
      if (!slots.includes(input.time)) throw conflict(SLOT_TAKEN);

      const range = occupiedRange(input.date, input.time, option.duration, config.booking.bufferMinutes);
      const expiresAt = new Date(Math.min(at.getTime() + config.booking.pendingExpiryMs, range.startsAt.getTime()));
      try {
        const booking = await db.transaction(async (tx) => {
          // Free the slots of requests nobody answered in time before claiming one.
          await expireStale(tx, at);
          const row = await createBookingsRepository(tx).insert({
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
            address: input.address,
            hasInjuries: input.hasInjuries,
            injuryDetails: input.injuryDetails,
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
          const created = toBooking(row);
          await notify(tx, config, 'requested', created);
          if (idempotencyKey) {
            await tx.insert(idempotencyKeys).values({ key: idempotencyKey, requestHash, statusCode: 201, response: created });
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
        if (isExclusionViolation(err)) throw conflict(SLOT_TAKEN);
        throw err;
      }
    },

    async findByToken(token: string): Promise<Booking> {
      const row = await createBookingsRepository(db).findByToken(token);
      if (!row) throw notFound(BOOKING_NOT_FOUND);
      return toBooking(row);
    },

    /** POST /api/bookings/cancel/{token}: the client cancels through the private link. */
    async cancelByToken(token: string): Promise<Booking> {
      const row = await createBookingsRepository(db).findByToken(token);
      // Unknown, or already cancelled: the same 404 (the client treats it as already cancelled).
      if (!row || row.status === 'cancelled') throw notFound(NOT_FOUND_OR_CANCELLED);
      if (row.status !== 'rejected' && row.startsAt <= now()) throw conflict(ALREADY_STARTED);
      return changeStatus(row.id, 'client', 'cancelled', undefined, 'cancelled-by-client');
    },

    /** The admin's approve/reject (pending list) and confirm/cancel (calendar). */
    changeStatus: (id: number, actor: StatusActor, to: BookingStatus, adminNote?: string) =>
      changeStatus(id, actor, to, adminNote, eventFor(actor, to)),
  };

  async function changeStatus(
    id: number,
    actor: StatusActor,
    to: BookingStatus,
    adminNote: string | undefined,
    event: BookingEvent,
  ): Promise<Booking> {
    const at = now();
    return db.transaction(async (tx) => {
      const repo = createBookingsRepository(tx);
      const updated = await repo.changeStatus(id, allowedFrom(actor, to), to, { adminNote, now: at });
      if (!updated) {
        const current = await repo.findById(id);
        if (!current) throw notFound(BOOKING_NOT_FOUND);
        if (current.status === 'pending' && current.expiresAt && current.expiresAt <= at) throw conflict(REQUEST_EXPIRED);
        throw conflict(refusalMessage(current.status, to));
      }
      const booking = toBooking(updated);
      await notify(tx, config, event, booking);
      return booking;
    });
  }
}
export type BookingService = ReturnType<typeof createBookingService>;

function eventFor(actor: StatusActor, to: BookingStatus): BookingEvent {
  if (to === 'confirmed') return 'confirmed';
  if (to === 'rejected') return 'rejected';
  return actor === 'client' ? 'cancelled-by-client' : 'cancelled-by-admin';
}
