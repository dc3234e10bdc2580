/** Booking-page texts shown in more than one place. */
export const OUTSIDE_AREA_HEADING = 'Address is outside our service area';
export const OUTSIDE_STANDARD_AREA = 'Outside standard service area';

/** The heading of each panel of the confirmation and cancel pages, which is also the page's title. */
export const PANEL_TITLES = {
  notFound: 'Booking Not Found',
  cancelled: 'Booking Cancelled',
  declined: 'Booking Request Declined',
  pending: 'Booking Request Received!',
  confirmed: 'Booking Confirmed!',
  cancel: 'Cancel Booking',
  change: 'Change time',
  changeClosed: 'Contact to change',
  changed: 'Time Changed',
} as const;

/** 'Change time' (docs/product.md §4 "Client cancellation"): the link's label on the confirmation and cancel pages and
 * in the e-mails. */
export const CHANGE_TIME = 'Change time';
