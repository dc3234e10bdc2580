/** GET /api/bookings/token/{token}/calendar.ics: 'Add to calendar', a download rather than a query. */
export function bookingCalendarUrl(token: string): string {
  return `/api/bookings/token/${encodeURIComponent(token)}/calendar.ics`;
}
