/**
 * Query keys of her other calendars (docs/product.md §11), shared: the Availability tab changes the calendars,
 * and the Appointments tab shows their busy times, so a sync there refreshes the day list here.
 */
export const otherCalendarKeys = {
  list: ['/api/admin/calendars'] as const,
  /** Every range of busy blocks: a sync, an add or a removal refreshes them all. */
  busy: ['/api/admin/calendar-busy'] as const,
  busyRange: (from: string, to: string) => ['/api/admin/calendar-busy', from, to] as const,
};
