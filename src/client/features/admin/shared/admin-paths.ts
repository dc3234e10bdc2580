/** The sign-in page: where signing out and an expired session both lead. */
export const LOGIN_PATH = '/admin/login';

/** What opens 'New booking' filled in (docs/product.md §4 "Bookings she takes herself"): one of her clients ('Book
 * again'), or a waitlist entry. */
export type BookingSource = { kind: 'client'; id: number } | { kind: 'waitlist'; id: number };

/** 'New booking' in the Appointments tab, from another tab: ids only, no personal detail in the address bar. */
export const newBookingPath = (source?: BookingSource) =>
  `/admin/appointments?book=${source ? `${source.kind}-${source.id}` : 'new'}`;
