/** The health form's refusals and the access log's words for it (docs/product.md §13). */
import { formatShortDate, nzDateOf } from '@shared/time';

/** The public booking lookup's words (modules/bookings), so a wrong link reveals nothing more here. */
export const BOOKING_NOT_FOUND = 'Booking not found';
export const HEALTH_FORM_CLOSED = 'This booking was cancelled or declined, so no health form is needed';
export const NO_EARLIER_FORM = 'There is no earlier health form to confirm: please fill in the form';
export const EARLIER_FORM_CHANGED =
  'Some questions have changed since your earlier form: please fill in the form, starting from your earlier answers';
export const TOO_MANY_FORMS = 'Too many health forms sent for this booking. Please try again later.';

/** 'Health form of 3 Dec 2026' (the NZ date it was given): what the access log names. */
export const healthFormDetail = (consentedAt: Date): string =>
  `Health form of ${formatShortDate(nzDateOf(consentedAt)).replace(/^0/, '')}`;
