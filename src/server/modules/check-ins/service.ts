/**
 * A press of 'Arrived' or 'Leaving' (docs/product.md §16). A press is identified by the phone's uuid: replaying one (a
 * queued press sent twice, a retry after a lost answer) answers the state again and changes nothing.
 */
import type { CheckInPress, CheckInState } from '@shared/schemas/check-in';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { apiError, notFound } from '../../http/errors';
import { BOOKING_NOT_FOUND } from '../bookings/booking-service';
import { emailContext } from '../mail/email-kinds';
import { enqueueEmail } from '../mail/outbox';
import { allClearEmail } from './emails';
import {
  checkInByPress,
  checkInOf,
  insertArrival,
  lockBooking,
  readSafety,
  recordLeaving,
  toCheckInState,
} from './repository';
import { pressRefusal, recordedTime } from './rules';

export const PRESS_ID_ELSEWHERE = 'This press id was already used for another press: send a new one';

export interface PressAnswer {
  state: CheckInState;
  /** False for a replayed press (nothing changed). */
  created: boolean;
}

export async function press(
  db: Db,
  config: Pick<AppConfig, 'practice' | 'publicUrl' | 'mail'>,
  bookingId: number,
  input: CheckInPress,
  now = new Date(),
): Promise<PressAnswer> {
  return db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    if (!booking) throw notFound('BOOKING_NOT_FOUND', BOOKING_NOT_FOUND);
    const current = await checkInOf(tx, bookingId, true);

    const seen = await checkInByPress(tx, input.pressId);
    if (seen) {
      const sameKind =
        input.kind === 'arrived' ? seen.arrivedPressId === input.pressId : seen.leftPressId === input.pressId;
      if (seen.bookingId === bookingId && sameKind) return { state: toCheckInState(seen), created: false };
      throw apiError('CHECK_IN_OUT_OF_ORDER', PRESS_ID_ELSEWHERE);
    }

    const refusal = pressRefusal(booking.status, input.kind, { arrived: !!current, left: !!current?.leftAt });
    if (refusal) throw apiError(refusal.code, refusal.message);
    const { at, fromServer } = recordedTime(new Date(input.at), now, booking.startsAt);

    if (input.kind === 'arrived') {
      const row = await insertArrival(tx, { bookingId, at, fromServer, pressId: input.pressId });
      return { state: toCheckInState(row), created: true };
    }

    // 'Leaving' is never before 'Arrived' (a phone clock that jumped back): the arrival time then stands for both.
    const leftAt = at < current!.arrivedAt ? current!.arrivedAt : at;
    const allClearAt = current!.overdueAlertAt && !current!.allClearAt ? now : null;
    const row = await recordLeaving(tx, { bookingId, at: leftAt, fromServer, pressId: input.pressId, allClearAt });
    if (allClearAt) {
      const safety = await readSafety(tx);
      // The contact alerted is told even if the settings were changed since; their address is the current one.
      if (safety.contactEmail) {
        await enqueueEmail(
          tx,
          allClearEmail(
            {
              bookingId,
              address: booking.address,
              arrivedAt: row.arrivedAt,
              endsAt: booking.endsAt,
              leftAt,
              graceMinutes: safety.graceMinutes,
            },
            { name: safety.contactName || 'there', email: safety.contactEmail },
            emailContext(config),
          ),
        );
      }
    }
    return { state: toCheckInState(row), created: true };
  });
}
