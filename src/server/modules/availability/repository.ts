import { and, gte, lte } from 'drizzle-orm';
import { addDaysToDate, nzInstant } from '@shared/time';
import type { DbOrTx } from '../../db/client';
import { blockedDates, businessHours } from '../../db/schema';
import { createBookingsRepository } from '../bookings/repository';
import type { AvailabilityInput } from './slots';

/** Everything daySlots needs for the dates from..to (inclusive), in three queries. */
export async function loadAvailabilityInput(db: DbOrTx, from: string, to: string, now: Date): Promise<AvailabilityInput> {
  const [hours, blocks, busy] = await Promise.all([
    db.select().from(businessHours),
    db
      .select()
      .from(blockedDates)
      .where(and(gte(blockedDates.date, from), lte(blockedDates.date, to))),
    createBookingsRepository(db).busyBetween(nzInstant(from), nzInstant(addDaysToDate(to, 1)), now),
  ]);
  return { hours, blocks, busy };
}
