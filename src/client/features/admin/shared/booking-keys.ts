/**
 * Query keys of the admin's booking data, in one place so that every mutation invalidates
 * through these keys and never a hand-written array. Each starts with the URL it reads, and
 * everything under '/api/admin/bookings' refreshes together (docs/product.md §7: a decision
 * "also refreshes the cached /api/admin/bookings lists").
 */
export const adminBookingKeys = {
  /** Every admin booking list: the pending list, the summary, the full list. */
  all: ['/api/admin/bookings'] as const,
  pending: ['/api/admin/bookings', 'pending'] as const,
  summary: ['/api/admin/bookings', 'summary'] as const,
  /** Her drive for one day (docs/product.md §10): under the prefix, so every booking change refreshes it. */
  dayRoute: (date: string) => ['/api/admin/bookings', 'day-route', date] as const,
  /** The calendar's range call; the prefix invalidates every visible month. */
  ranges: ['/api/bookings/range'] as const,
  range: (startDate: string, endDate: string) => ['/api/bookings/range', startDate, endDate] as const,
};
