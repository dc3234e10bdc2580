import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { ExportStatus } from '@shared/schemas/export';
import type { Db } from '../../db/client';
import { bookings } from '../../db/schema';
import type { ExportBooking } from './bookings-csv';

export function createExportsRepository(db: Db) {
  return {
    /**
     * The bookings dated `from` to `to` (NZ calendar dates, both inclusive; the date column is
     * the Auckland date), by date and time: confirmed ones only, or all of them.
     */
    async listBookings(from: string, to: string, status: ExportStatus): Promise<ExportBooking[]> {
      return db
        .select({
          id: bookings.id,
          date: bookings.date,
          time: bookings.time,
          status: bookings.status,
          serviceName: bookings.serviceName,
          duration: bookings.duration,
          price: bookings.price,
          travelCost: bookings.travelCost,
          distanceKm: bookings.distanceKm,
          firstName: bookings.firstName,
          lastName: bookings.lastName,
          email: bookings.email,
          phone: bookings.phone,
          address: bookings.address,
          createdAt: bookings.createdAt,
          statusChangedAt: bookings.statusChangedAt,
          expiresAt: bookings.expiresAt,
          expiredAt: bookings.expiredAt,
        })
        .from(bookings)
        .where(
          and(
            gte(bookings.date, from),
            lte(bookings.date, to),
            status === 'confirmed' ? eq(bookings.status, 'confirmed') : undefined,
          ),
        )
        .orderBy(asc(bookings.date), asc(bookings.time), asc(bookings.id));
    },
  };
}
