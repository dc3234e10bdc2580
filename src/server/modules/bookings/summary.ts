/**
 * The Appointments tab's side column (docs/product.md §2): the 'Today' and 'Upcoming'
 * counters and the 'Next 5 confirmed appointments'. "Today" is the Auckland date whatever
 * the server's time zone. The open point on the list's filter is settled as: confirmed and
 * not started yet (§4 counts only confirmed bookings; a started one is no longer "upcoming").
 */
import { UPCOMING_LIST_SIZE } from '@shared/constants';
import type { AdminBookingSummary } from '@shared/schemas/booking';
import { nzToday } from '@shared/time';
import type { DbOrTx } from '../../db/client';
import type { SecretBox } from '../../secret-box';
import { noAlerts, type AlertTexts } from '../clients/alert-texts';
import { noHealth, type HealthOf } from '../health-forms/health-of';
import { createBookingsRepository, toAdminBookings } from './repository';

export async function bookingSummary(
  db: DbOrTx,
  box: SecretBox,
  now: Date = new Date(),
  alertTexts: AlertTexts = noAlerts,
  healthOf: HealthOf = noHealth,
): Promise<AdminBookingSummary> {
  const repo = createBookingsRepository(db);
  const counts = await repo.countConfirmed(nzToday(now));
  const next = await repo.listNextConfirmed(now, UPCOMING_LIST_SIZE);
  return { ...counts, next: await toAdminBookings(db, next, box, alertTexts, healthOf) };
}
