/**
 * What 'Mark deposit received' records on a request (docs/product.md §18.1): exactly what the server
 * says is still due of the deposit (depositDueCents, src/shared/deposits.ts: deposit payments only), and only while
 * the deposit waits. Null hides the button. Nothing is worked out here from the balance: the rule lives once, on
 * the server's side of src/shared.
 */
import type { AdminBooking } from '@shared/schemas/booking';

export type DepositToMark = Pick<AdminBooking, 'depositStatus' | 'depositDueCents'>;

export function depositToMark(booking: DepositToMark): number | null {
  const waits = booking.depositStatus === 'waiting' || booking.depositStatus === 'overdue';
  return waits && booking.depositDueCents > 0 ? booking.depositDueCents : null;
}
