/** Booking-page texts shown in more than one place. */
export const OUTSIDE_AREA_HEADING = 'Address is outside our service area';
export const OUTSIDE_STANDARD_AREA = 'Outside standard service area';
