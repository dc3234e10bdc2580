import { and, gte, lte } from 'drizzle-orm';
import { addDaysToDate, nzInstant } from '@shared/time';
import type { DbOrTx } from '../../db/client';
import { blockedDates, businessHours } from '../../db/schema';
import { createBookingsRepository } from '../bookings/repository';
import { visitOf } from '../scheduling/day-route';
import type { RouteVisit } from '../scheduling/route-rule';
import type { AvailabilityInput } from './slots';

/** What availability needs for the dates from..to (inclusive): the slot rules' input and each date's visits. */
export interface OfferInput extends AvailabilityInput {
  visitsByDate: Map<string, RouteVisit[]>;
}

/**
 * Everything daySlots and the route rule need for the dates from..to (inclusive), in three queries,
 * one after another: inside a transaction they share one connection, which must not be handed a
 * query while it runs another (node-postgres deprecates that).
 */
export async function loadAvailabilityInput(db: DbOrTx, from: string, to: string, now: Date): Promise<OfferInput> {
  const hours = await db.select().from(businessHours);
  const blocks = await db
    .select()
    .from(blockedDates)
    .where(and(gte(blockedDates.date, from), lte(blockedDates.date, to)));
  const busy = await createBookingsRepository(db).busyBetween(nzInstant(from), nzInstant(addDaysToDate(to, 1)), now);
  const visitsByDate = new Map<string, RouteVisit[]>();
  for (const row of busy) {
    const visits = visitsByDate.get(row.date);
    if (visits) visits.push(visitOf(row));
    else visitsByDate.set(row.date, [visitOf(row)]);
  }
  return { hours, blocks, busy, visitsByDate };
}
