/** Texts of docs/product.md §8 that both the server and the client show, word for word. */
import { MAX_SERVICE_DISTANCE_KM } from './constants';
import { formatCents } from './money';
import type { RouteMisfit } from './schemas/booking';

export const TRAVEL_UNAVAILABLE = 'Unable to calculate travel cost. Please try again or contact us directly.';
export const OUTSIDE_SERVICE_AREA_TITLE = 'Address Outside Service Area';
/** The §8 texts name her service area (docs/product.md §19: she sets it; the specification's 50 km by default). */
export const outsideServiceArea = (maxKm: number = MAX_SERVICE_DISTANCE_KM): string =>
  `We cannot provide services to locations beyond ${maxKm}km from our business. Please enter an address within our service area.`;
export const beyondServiceAreaInline = (maxKm: number = MAX_SERVICE_DISTANCE_KM): string =>
  `Booking cannot be completed for addresses outside our ${maxKm}km service area`;
export const OUTSIDE_SERVICE_AREA = outsideServiceArea();
export const BEYOND_SERVICE_AREA_INLINE = beyondServiceAreaInline();
export const SLOT_TAKEN = 'This time is no longer available. Please choose another time.';
/**
 * POST /api/bookings (and every move) when the time is free but the therapist could not drive to this address in time
 * (docs/product.md §10), by its real cause (decision 035): an empty day's early time is the drive from base, not other
 * visits. 'Appointment', not 'visit': the one before or after may be a busy time from her calendars, never named to a
 * visitor.
 */
export const ROUTE_DOES_NOT_FIT: Readonly<Record<RouteMisfit, string>> = {
  'from-base':
    "This time doesn't leave the therapist enough time to drive to your address after she sets out at the start of her day. Please choose a later time.",
  'to-base':
    "This time doesn't leave the therapist enough time to drive home from your address by the end of her working day. Please choose an earlier time.",
  'gap-before':
    "This time doesn't leave the therapist enough time to drive to your address from her appointment before it. Please choose another time.",
  'gap-after':
    "This time doesn't leave the therapist enough time to drive from your address to her next appointment that day. Please choose another time.",
};

/** Why the route refuses a request as she approves or confirms it: a cause of the drive, or it overlaps a visit. */
export type ApprovalRouteRefusal = RouteMisfit | 'overlap';

/** Approving (or confirming) a request whose drive no longer fits the day (docs/product.md §10), by its real cause
 * (docs/product.md §19). */
export function approvalBreaksRoute(reason: ApprovalRouteRefusal, graceMinutes: number): string {
  const why = {
    overlap: 'it overlaps another visit that day',
    'from-base': "there isn't enough time to drive to it from base after opening",
    'to-base': `there isn't enough time to drive back to base from it by ${graceMinutes} min after closing`,
    'gap-before': "there isn't enough time to drive to it from the visit before it",
    'gap-after': "there isn't enough time to drive from it to the next visit that day",
  }[reason];
  return `This request can't be approved: ${why}.`;
}

/**
 * The manual-address hint (docs/product.md §2, Booking wizard): 'A $10 travel fee may apply
 * outside the two local towns', with the configured fee (whole dollars without cents).
 */
export function manualAddressHint(travelFeeCents: number, localTowns: readonly string[] = ['', '']): string {
  // The specification's words for its two towns; her own number of towns (docs/product.md §19) reads naturally too.
  const towns =
    localTowns.length === 2 ? 'the two local towns' : localTowns.length === 1 ? localTowns[0]! : 'the local towns';
  if (travelFeeCents <= 0) {
    return localTowns.length === 0
      ? 'A travel fee may apply further away'
      : `A travel fee may apply further away than ${towns}`;
  }
  const dollars = travelFeeCents % 100 === 0 ? `$${travelFeeCents / 100}` : formatCents(travelFeeCents);
  return localTowns.length === 0
    ? `A ${dollars} travel fee may apply`
    : `A ${dollars} travel fee may apply outside ${towns}`;
}

/**
 * Approving (or confirming) a request whose client's health form has red flags (docs/product.md §13): the
 * flags ('Health: blood thinners, 30 weeks pregnant'), and what she is asked to confirm.
 */
export function healthNotConfirmedMessage(flagsText: string): string {
  return `${flagsText}. Please confirm you have read the health answers before approving.`;
}

/** Approving (or confirming) a request that a busy time of her other calendars now overlaps (docs/product.md §11). */
export function calendarClashMessage(clashes: readonly string[]): string {
  return `This visit clashes with your calendar: ${clashes.join('; ')}. Approve anyway?`;
}

/**
 * The private link inside the change cut-off (CHANGE_CUTOFF_HOURS, docs/product.md §4 "Changing a visit"): why it
 * offers no change or cancel online, and how to reach her instead.
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
