import type { DayAvailability } from '@shared/schemas/booking';
import { addDaysToDate } from '@shared/time';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { loadAvailabilityInput } from './repository';
import { daySlots } from './slots';

/**
 * What each date from..to (inclusive) offers now for a session of `durationMinutes`:
 * the one answer for the wizard's calendar and for POST /api/bookings, so a time that is
 * shown can be booked and one that is not shown cannot.
 */
export async function loadOfferedSlots(
  db: DbOrTx,
  booking: AppConfig['booking'],
  range: { from: string; to: string },
  durationMinutes: number,
  now: Date,
): Promise<DayAvailability[]> {
  const input = await loadAvailabilityInput(db, range.from, range.to, now);
  const policy = { ...booking, durationMinutes };
  const days: DayAvailability[] = [];
  for (let date = range.from; date <= range.to; date = addDaysToDate(date, 1)) {
    const timeSlots = daySlots(date, input, policy, now);
    days.push({ date, available: timeSlots.length > 0, timeSlots });
  }
  return days;
}
