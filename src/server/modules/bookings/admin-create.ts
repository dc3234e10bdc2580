/**
 * POST /api/admin/bookings ('Bookings she takes herself'; docs/product.md §4 "Bookings she takes herself").
 *
 * A booking she enters for a client who phoned: the same service, price and travel the server works out for a visitor,
 * and the same refusals (the service area, hours, blocked dates, the booking window, her other calendars, waitlist
 * holds, the route), each named by its real cause (availability/explain.ts), unless she confirms 'Book anyway'
 * (`override`): the booking then records the refusal and her username, and the client's access log says so. Two
 * things no override passes: a time already past, and another pending or confirmed visit (the exclusion constraint
 * of decision 007 forbids the overlap, gap included). She may book at short notice: the minimum notice is the
 * visitor's rule. No deposit is asked (she arranges payment on the phone, and records it as any payment).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { OUTSIDE_SERVICE_AREA } from '@shared/messages';
import type { AdminBookingRequest } from '@shared/schemas/admin-booking';
import type { ExplainReason } from '@shared/schemas/other-calendar';
import { serviceOptions } from '@shared/service-options';
import { timeToMinutes } from '@shared/clock-time';
import { formatNzDateTime, nzWallTimeExists } from '@shared/time';
import type { DbTx } from '../../db/client';
import { isExclusionViolation } from '../../db/errors';
import { bookings, clients } from '../../db/schema';
import { apiError, invalidField, notFound } from '../../http/errors';
import { explainTime } from '../availability/explain';
import { spanOnDate } from '../availability/explain-text';
import { prefetchVisitorDrives, type Visitor } from '../availability/offered-slots';
import { loadAvailabilityInput } from '../availability/repository';
import { recordAccess } from '../clients/access-log';
import { claimContact, clientForBooking, contactsOf } from '../clients/matching';
import { CLIENT_NOT_FOUND } from '../clients/repository';
import { healthFor, noHealth } from '../health-forms/health-of';
import { createServicesRepository } from '../services/repository';
import { lockDays } from '../visits/day-lock';
import { occupiedRange } from '../visits/occupied-range';
import { activeAt } from '../visits/repository';
import { newCancelToken, type BookingDeps } from './booking-service';
import { expireStaleRequests } from './expire-stale';
import { notify } from './notifications';
import { createBookingsRepository, toBooking, type BookingRow } from './repository';
import { claimWaitlistEntry, closeBookedEntry, liveHoldOf } from './waitlist-entry';

export const TIME_PASSED = 'This time has already passed. Choose a time still to come.';
export const NO_SUCH_TIME = 'This time does not exist on that date: the clocks go forward an hour.';
export const OVERLAP_FALLBACK =
  'This time overlaps another pending or confirmed visit. Move or cancel that one first: two visits can never overlap.';

/** 'Another visit 10:00-11:00 AM (+15 min gap), Ana Smith: move or cancel it first…' */
export const overlapMessage = (visit: string) =>
  `This time overlaps ${visit}. Move or cancel that one first: two visits can never overlap, even with 'Book anyway'.`;

/** 'A visitor could not book this time: Closed on Sundays; Busy in Family, 10:00-11:00 AM.' */
export const refusedMessage = (reasons: readonly string[]) =>
  `A visitor could not book this time: ${reasons.join('; ')}.`;

/**
 * The reasons of a visitor's rules that stand in her way. Not the minimum notice: she books at short notice on
 * purpose. A visit cannot be among them (refused before, by refuseOverlap): what explain calls another visit here is
 * a time held for someone on the waitlist.
 */
function herReasons(reasons: readonly ExplainReason[]): ExplainReason[] {
  return reasons
    .filter((r) => r.code !== 'MIN_NOTICE')
    .map((r) =>
      r.code === 'BOOKING' ? { ...r, message: r.message.replace(/^Another visit/, 'Held for a waitlist offer') } : r,
    );
}

export function createAdminBookings(deps: BookingDeps) {
  const { db, box, config, drives } = deps;
  const now = deps.now ?? (() => new Date());
  const healthOf = deps.healthOf ?? noHealth;
  const serviceById = deps.serviceById ?? ((id: number) => createServicesRepository(db).get(id));

  /** The active visit her new one would overlap (session plus gap, as the exclusion constraint counts), if any. */
  async function refuseOverlap(
    tx: DbTx,
    date: string,
    range: ReturnType<typeof occupiedRange>,
    at: Date,
  ): Promise<void> {
    const [other] = await tx
      .select({
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
        bufferEndsAt: bookings.bufferEndsAt,
        firstName: bookings.firstName,
        lastName: bookings.lastName,
      })
      .from(bookings)
      // Half-open [start, gap end) on both sides, as the constraint's `occupied` ranges meet.
      .where(
        and(
          activeAt(at),
          sql`${bookings.startsAt} < ${range.bufferEndsAt}`,
          sql`${bookings.bufferEndsAt} > ${range.startsAt}`,
        ),
      )
      .orderBy(bookings.startsAt)
      .limit(1);
    if (!other) return;
    const gap = Math.round((other.bufferEndsAt.getTime() - other.endsAt.getTime()) / 60_000);
    const name = `${other.firstName} ${other.lastName}`.trim();
    const visit = `${name ? `${name}'s` : 'another'} visit ${spanOnDate(date, other.startsAt, other.endsAt)}${gap > 0 ? ` (+${gap} min gap)` : ''}`;
    throw apiError('BOOKING_OVERLAP', overlapMessage(visit));
  }

  /** Her client, locked until the booking commits (as a merge or an erasure would lock it first). */
  async function lockClient(tx: DbTx, clientId: number): Promise<void> {
    const [row] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.id, clientId), isNull(clients.erasedAt)))
      .for('update');
    if (!row) throw notFound('CLIENT_NOT_FOUND', CLIENT_NOT_FOUND);
  }

  return {
    /** Answers the stored row; `by` is her username (the booking and the client's access log name it). */
    async create(input: AdminBookingRequest, by: string): Promise<BookingRow> {
      const service = await serviceById(input.serviceLengthId);
      if (!service) throw invalidField('serviceLengthId', 'Please select a service');
      const option = serviceOptions(service).find((o) => o.duration === input.duration);
      if (!option) throw invalidField('duration', 'Please choose one of the durations this service offers');

      const at = now();
      if (!nzWallTimeExists(input.date, timeToMinutes(input.time))) throw invalidField('time', NO_SUCH_TIME);
      const range = occupiedRange(input.date, input.time, option.duration, config.booking.bufferMinutes);
      if (range.startsAt.getTime() <= at.getTime()) throw invalidField('time', TIME_PASSED);

      const { quote: travel, location, source: travelSource } = await deps.travel.assess(input.address);
      const beyondArea = travel.zone === 'refused';
      if (beyondArea && !input.override)
        throw invalidField('address', travel.message || OUTSIDE_SERVICE_AREA, 'OUTSIDE_SERVICE_AREA');
      const visitor: Visitor = { location };
      const request = { date: input.date, time: input.time, durationMinutes: option.duration };
      // Booked from a waitlist entry: its own hold (held for this very person) is not in her way, and ends with it.
      const entryId = input.waitlistEntryId;
      const hold = entryId === undefined ? null : await liveHoldOf(db, entryId);
      // The drives the route needs, fetched before the day is locked (a network call must not hold a lock).
      const before = await loadAvailabilityInput(
        db,
        input.date,
        input.date,
        at,
        deps.rules ? await deps.rules() : undefined,
        undefined,
        hold?.id,
      );
      await prefetchVisitorDrives({ config, drives }, before, visitor);

      try {
        return await db.transaction(async (tx) => {
          // One change at a time per NZ day (visits/day-lock.ts): two bookings for one slot, one wins. The entry's hold
          // ends with it: its day too, in date order, before the entry's row (the waitlist's lock order).
          await lockDays(tx, [input.date, ...(hold ? [hold.date] : [])]);
          if (entryId !== undefined) await claimWaitlistEntry(tx, entryId, hold);
          await expireStaleRequests(tx, config, at);
          await refuseOverlap(tx, input.date, range, at);
          const day = await loadAvailabilityInput(tx, input.date, input.date, at, undefined, undefined, hold?.id);
          const reasons = herReasons(explainTime({ config, drives }, day, request, at, visitor));
          if (!input.override && reasons.length > 0) {
            const code = reasons.some((r) => r.code !== 'ROUTE') ? 'SLOT_TAKEN' : 'ROUTE_DOES_NOT_FIT';
            throw apiError(code, refusedMessage(reasons.map((r) => r.message)));
          }
          const overridden = [
            ...(beyondArea ? [travel.message || OUTSIDE_SERVICE_AREA] : []),
            ...reasons.map((r) => r.message),
          ];
          const overrideReason = overridden.length > 0 ? overridden.join('; ').slice(0, 500) : null;

          // Her choice of client links the booking (docs/decisions/034 is about the public's claims, not hers); the
          // contacts typed that nobody has become theirs. Without one, a new client, perhaps a possible match.
          let clientId: number;
          if (input.clientId !== undefined) {
            clientId = input.clientId;
            await lockClient(tx, clientId);
            for (const contact of contactsOf(input)) await claimContact(tx, clientId, contact);
          } else {
            clientId = await clientForBooking(tx, input, at);
          }

          const row = await createBookingsRepository(tx).insert({
            clientId,
            serviceId: service.id,
            serviceName: service.name,
            date: input.date,
            time: input.time,
            duration: option.duration,
            price: option.price,
            // Beyond the area she took it anyway: the extended range's fee, the furthest the visitor's rules charge.
            travelCost: beyondArea ? config.travel.extendedFeeCents : travel.travelCost,
            distanceKm: travel.distanceKm,
            travelTimeMinutes: travel.travelTimeMinutes,
            isOutsideServiceArea: beyondArea || travel.isOutsideServiceArea,
            travelUnresolved: travel.unresolved,
            travelSource,
            locationLat: location?.lat ?? null,
            locationLon: location?.lon ?? null,
            address: input.address,
            hasInjuries: false,
            injuryDetails: null,
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            phone: input.phone,
            notes: null,
            cancelToken: newCancelToken(),
            status: input.status,
            ...range,
            // Her own hold waits for her, not 48 hours: until she confirms it, or the visit's start.
            expiresAt: input.status === 'pending' ? range.startsAt : null,
            // Not e-mailed: no automatic reminder either (her 'Send reminder' still can).
            reminderQueuedAt: input.notifyClient ? null : at,
            createdAt: at,
            updatedAt: at,
            statusChangedAt: at,
            bookedBy: by,
            overrideReason,
          });
          if (entryId !== undefined) await closeBookedEntry(tx, entryId, hold, row, at);
          const when = formatNzDateTime(row.date, row.time);
          const fromWaitlist = entryId === undefined ? '' : ', from the waitlist';
          await recordAccess(tx, {
            clientId,
            actor: by,
            action: 'book',
            detail: `Booked ${when} (${row.status})${fromWaitlist}${overrideReason ? `, overriding: ${overrideReason}` : ''}`,
          });
          if (input.notifyClient) {
            // The usual e-mail, with the health form's link when the client has none or an outdated one.
            const healthForm = healthFor(await healthOf([clientId], tx), clientId).status;
            const booking = { ...toBooking(row, box), healthForm };
            const event = row.status === 'confirmed' ? 'confirmed' : 'requested';
            await notify(tx, config, event, booking, { icsSequence: row.icsSequence, byPractice: true });
          }
          return row;
        });
      } catch (err) {
        // A visit committed by a path that does not take the day's lock: the constraint has the last word.
        if (isExclusionViolation(err)) throw apiError('BOOKING_OVERLAP', OVERLAP_FALLBACK);
        throw err;
      }
    },
  };
}
