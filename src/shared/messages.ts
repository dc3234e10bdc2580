/** Texts of docs/product.md §8 that both the server and the client show, word for word. */
import { formatCents } from './money';

export const TRAVEL_UNAVAILABLE = 'Unable to calculate travel cost. Please try again or contact us directly.';
export const OUTSIDE_SERVICE_AREA_TITLE = 'Address Outside Service Area';
export const OUTSIDE_SERVICE_AREA =
  'We cannot provide services to locations beyond 50km from our business. Please enter an address within our service area.';
export const BEYOND_SERVICE_AREA_INLINE = 'Booking cannot be completed for addresses outside our 50km service area';
export const SLOT_TAKEN = 'This time is no longer available. Please choose another time.';
/** POST /api/bookings when the time is free but the therapist could not drive to this address in time (issue 13). */
export const ROUTE_DOES_NOT_FIT =
  "This time doesn't leave the therapist enough time to drive to your address from her other visits that day. Please choose another time.";
/** Approving (or confirming) a request whose drive no longer fits the day (issue 13). */
export const APPROVAL_BREAKS_ROUTE =
  "This request can't be approved: there isn't enough time to drive between it and another visit that day.";

/**
 * The manual-address hint (docs/product.md §2, Booking wizard): 'A $10 travel fee may apply
 * outside the two local towns', with the configured fee (whole dollars without cents).
 */
export function manualAddressHint(travelFeeCents: number): string {
  if (travelFeeCents <= 0) return 'A travel fee may apply further away than the two local towns';
  const dollars = travelFeeCents % 100 === 0 ? `$${travelFeeCents / 100}` : formatCents(travelFeeCents);
  return `A ${dollars} travel fee may apply outside the two local towns`;
}

/**
 * Approving (or confirming) a request whose client's health form has red flags (issue 24): the
 * flags ('Health: blood thinners, 30 weeks pregnant'), and what she is asked to confirm.
 */
export function healthNotConfirmedMessage(flagsText: string): string {
  return `${flagsText}. Please confirm you have read the health answers before approving.`;
}

/** Approving (or confirming) a request that a busy time of her other calendars now overlaps (issue 23). */
export function calendarClashMessage(clashes: readonly string[]): string {
  return `This visit clashes with your calendar: ${clashes.join('; ')}. Approve anyway?`;
}

/**
 * The private link inside the change cut-off (CHANGE_CUTOFF_HOURS, issue 25): why it offers no change or
 * cancel online, and how to reach her instead.
 */
export function changeCutoffMessage(
  cutoffHours: number,
  practice: { therapistName: string; phone: string; email: string },
): string {
  const hours = cutoffHours === 1 ? '1 hour' : `${cutoffHours} hours`;
  return (
    `This visit starts in less than ${hours}, so it can no longer be changed or cancelled online. ` +
    `Please call or e-mail ${practice.therapistName} on ${practice.phone} or ${practice.email}.`
  );
}
