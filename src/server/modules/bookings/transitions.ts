/**
 * Who may move a booking from which status to which (docs/product.md §4). Pure; the repository
 * applies a change only if the row still has an allowed status (no lost updates).
 */
import { CLIENT_CANCELLABLE_STATUSES } from '@shared/booking-rules';
import type { BookingStatus } from '@shared/constants';

/** The three places a status change can come from. */
export type StatusActor =
  /** PATCH /api/admin/bookings/{id}/status: approve or reject a pending request. */
  | 'admin-review'
  /** PATCH /api/bookings/{id}/status: the calendar's Confirm and Cancel. */
  | 'admin-calendar'
  /** POST /api/bookings/cancel/{token}: the client's private link. */
  | 'client';

const RULES: Record<StatusActor, Partial<Record<BookingStatus, readonly BookingStatus[]>>> = {
  'admin-review': { confirmed: ['pending'], rejected: ['pending'] },
  'admin-calendar': { confirmed: ['pending'], cancelled: ['pending', 'confirmed'] },
  client: { cancelled: CLIENT_CANCELLABLE_STATUSES },
};

/** The statuses a booking may have for `actor` to move it to `to` (empty: never). */
export function allowedFrom(actor: StatusActor, to: BookingStatus): readonly BookingStatus[] {
  return RULES[actor][to] ?? [];
}

export function canTransition(actor: StatusActor, from: BookingStatus, to: BookingStatus): boolean {
  return allowedFrom(actor, to).includes(from);
}

/** Why a change is refused, in words for the 409 answer. */
export function refusalMessage(from: BookingStatus, to: BookingStatus): string {
  if (from === to) return `This booking is already ${from}`;
  if (from === 'cancelled') return 'This booking has been cancelled';
  if (from === 'rejected') return 'This booking request was declined';
  if (from === 'confirmed' && to === 'rejected') return 'A confirmed booking cannot be rejected; cancel it instead';
  return `A ${from} booking cannot be ${to}`;
}
