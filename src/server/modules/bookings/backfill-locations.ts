/**
 * Bookings made before locations were stored (docs/product.md §10) get theirs once, at start-up: SQL alone
 * cannot call the travel provider, so this is the data half of migration 0004. An address the
 * provider cannot locate stays NULL (the route rule uses the fixed gap and flags it). Safe when
 * several processes start together: each update only fills an empty location.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appMeta, bookings } from '../../db/schema';
import type { TravelService } from '../travel/service';

export const LOCATIONS_BACKFILLED_KEY = 'booking_locations_backfilled_at';

export interface BackfillResult {
  /** False when it had already run on this database. */
  ran: boolean;
  located: number;
  unresolved: number;
}

export async function backfillBookingLocations(
  db: Db,
  travel: Pick<TravelService, 'assess'>,
  now = new Date(),
): Promise<BackfillResult> {
  const done = await db.select().from(appMeta).where(eq(appMeta.key, LOCATIONS_BACKFILLED_KEY));
  if (done.length > 0) return { ran: false, located: 0, unresolved: 0 };

  const rows = await db
    .select({ id: bookings.id, address: bookings.address })
    .from(bookings)
    .where(isNull(bookings.locationLat));
  // One provider call per distinct address.
  const located = new Map<string, { lat: number; lon: number } | null>();
  let found = 0;
  for (const row of rows) {
    if (!located.has(row.address)) located.set(row.address, (await travel.assess(row.address)).location);
    const location = located.get(row.address);
    if (!location) continue;
    await db
      .update(bookings)
      .set({ locationLat: location.lat, locationLon: location.lon })
      .where(and(eq(bookings.id, row.id), isNull(bookings.locationLat)));
    found++;
  }
  await db.insert(appMeta).values({ key: LOCATIONS_BACKFILLED_KEY, value: now.toISOString() }).onConflictDoNothing();
  return { ran: true, located: found, unresolved: rows.length - found };
}

/** Forgets that the back-fill ran (tests, or after changing the travel provider). */
export async function resetLocationBackfill(db: Db): Promise<void> {
  await db.delete(appMeta).where(sql`${appMeta.key} = ${LOCATIONS_BACKFILLED_KEY}`);
}
