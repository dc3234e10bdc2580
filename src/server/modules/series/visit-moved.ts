/**
 * A visit of a regular's series moved on its own ('this visit', docs/product.md §4 "Regulars"). Its
 * occurrence keeps pointing at the same booking, so the series' file now shows it as a RECURRENCE-ID
 * override at its new time; the series' SEQUENCE rises and the client gets the series' updated file rather
 * than a single-visit file (which their calendar would add as a second event). The series' first visit keeps
 * its own event: its move is told as any booking's. Passed to the bookings module from app.ts (modules/bookings
 * may not import modules/series).
 */
import type { AppConfig } from '../../config';
import type { DbTx } from '../../db/client';
import type { SeriesVisits } from '../bookings/booking-service';
import { createBookingsRepository, type BookingRow } from '../bookings/repository';
import { sendSeriesMail } from './mail';
import { createSeriesRepository } from './repository';

/** The series' lock, taken before any day lock (the lock order of series/service.ts). */
async function lockSeries(tx: DbTx, seriesId: number): Promise<void> {
  await createSeriesRepository(tx).lockById(seriesId);
}

/** Answers whether the client was told through the series' e-mail. */
async function seriesVisitMoved(tx: DbTx, config: AppConfig, moved: BookingRow, at: Date): Promise<boolean> {
  if (moved.seriesId === null) return false;
  const repo = createSeriesRepository(tx);
  const s = await repo.findById(moved.seriesId);
  if (!s || s.originBookingId === moved.id) return false;
  const occurrence = (await repo.occurrences(s.id)).find((o) => o.bookingId === moved.id);
  if (!occurrence) return false;
  const origin = await createBookingsRepository(tx).findById(s.originBookingId);
  if (!origin) return false;
  const sequence = await repo.raiseSequence(s.id);
  await sendSeriesMail(
    tx,
    config,
    { s: { ...s, icsSequence: sequence }, origin, at },
    { kind: 'updated', what: '', moved: { forDate: occurrence.forDate, date: moved.date, time: moved.time } },
  );
  return true;
}

export const seriesVisits = (config: AppConfig): SeriesVisits => ({
  lock: lockSeries,
  moved: (tx, moved, at) => seriesVisitMoved(tx, config, moved, at),
});
