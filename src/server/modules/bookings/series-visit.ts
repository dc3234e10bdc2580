/**
 * A visit of a regular's series (docs/product.md §4 "Regulars"): the booking it repeats, at another date and time,
 * confirmed from the start (she made it). Only the time differs: client, service, duration, price, travel, address
 * and the client's own notes are the origin's (the injury details stay sealed as they are stored). The
 * caller has checked the time under the day's lock, as create() does for a request; the exclusion
 * constraint still has the last word.
 */
import type { AppConfig } from '../../config';
import type { DbTx } from '../../db/client';
import { occupiedRange } from '../visits/occupied-range';
import { newCancelToken } from './booking-service';
import { createBookingsRepository, type BookingRow } from './repository';

export async function insertSeriesVisit(
  tx: DbTx,
  config: Pick<AppConfig, 'booking'>,
  origin: BookingRow,
  seriesId: number,
  at: { date: string; time: string },
  now: Date,
): Promise<BookingRow> {
  const range = occupiedRange(at.date, at.time, origin.duration, config.booking.bufferMinutes);
  return createBookingsRepository(tx).insert({
    clientId: origin.clientId,
    serviceId: origin.serviceId,
    serviceName: origin.serviceName,
    date: at.date,
    time: at.time,
    duration: origin.duration,
    price: origin.price,
    travelCost: origin.travelCost,
    distanceKm: origin.distanceKm,
    travelTimeMinutes: origin.travelTimeMinutes,
    isOutsideServiceArea: origin.isOutsideServiceArea,
    travelUnresolved: origin.travelUnresolved,
    travelSource: origin.travelSource,
    locationLat: origin.locationLat,
    locationLon: origin.locationLon,
    address: origin.address,
    hasInjuries: origin.hasInjuries,
    injuryDetails: origin.injuryDetails,
    firstName: origin.firstName,
    lastName: origin.lastName,
    email: origin.email,
    phone: origin.phone,
    notes: origin.notes,
    cancelToken: newCancelToken(),
    status: 'confirmed',
    ...range,
    expiresAt: null,
    // Each visit's reminder as usual (jobs.ts; one made inside the window has the series e-mail instead).
    reminderQueuedAt: null,
    createdAt: now,
    updatedAt: now,
    statusChangedAt: now,
    seriesId,
  });
}
