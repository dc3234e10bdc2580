/**
 * The km beside her money figures (docs/product.md §18.4): the mileage log's own routes (scheduling/mileage-log.ts),
 * not a second estimate. Working out a year of day routes takes a second or more, so each day's km is kept in
 * memory under a fingerprint of what its route depends on (its confirmed visits' ids, times and places, and that
 * weekday's hours); the fingerprints are read from the database each time, so a changed day is worked out again and
 * several processes never disagree. Only the days whose fingerprint changed are routed again.
 */
import { sql } from 'drizzle-orm';
import type { DateRange } from '@shared/money-periods';
import type { Db } from '../../db/client';
import type { RouteConfig } from '../scheduling/day-route';
import type { DriveSource } from '../scheduling/drive-source';
import { createMileageKmOfDays } from '../scheduling/mileage-log';

/** More days than ten years of visits: past that the memory is cleared and filled again. */
const MAX_DAYS_KEPT = 4000;

export function createMoneyKm(db: Db, config: RouteConfig, drives: DriveSource) {
  const kmOfDays = createMileageKmOfDays(db, config, drives);
  const kept = new Map<string, { fingerprint: string; km: number }>();

  return async function kmOf({ from, to }: DateRange): Promise<number> {
    // The weekday's hours in the key: they decide where a day's route starts and ends.
    const result = await db.execute(sql`
      SELECT b.date::text AS date,
             md5(string_agg(b.id || '@' || b.starts_at::text || '-' || b.ends_at::text || ':' ||
                            coalesce(b.location_lat::text, '') || ',' || coalesce(b.location_lon::text, ''),
                            ';' ORDER BY b.starts_at, b.id)
                 || coalesce((SELECT h.is_open || h.open_time || h.close_time FROM business_hours h
                              WHERE h.day_of_week = extract(dow FROM b.date)::int), '')) AS fingerprint
      FROM bookings b
      WHERE b.status = 'confirmed' AND b.date BETWEEN ${from}::date AND ${to}::date
      GROUP BY b.date`);
    const days = (result as { rows: { date: string; fingerprint: string }[] }).rows;
    const stale = days.filter((d) => kept.get(d.date)?.fingerprint !== d.fingerprint);
    if (stale.length > 0) {
      const fresh = await kmOfDays(stale.map((d) => d.date));
      if (kept.size + stale.length > MAX_DAYS_KEPT) kept.clear();
      for (const d of stale) kept.set(d.date, { fingerprint: d.fingerprint, km: fresh.get(d.date) ?? 0 });
    }
    const km = days.reduce((sum, d) => sum + (kept.get(d.date)?.km ?? 0), 0);
    return Math.round(km * 10) / 10;
  };
}
