/** The calendar feed's query and mutation keys, in one place (like ../../shared/booking-keys.ts). */
export const calendarFeedKeys = {
  /** GET /api/admin/calendar-feed; also the prefix of the feed's mutations (useIsMutating). */
  status: ['/api/admin/calendar-feed'] as const,
  create: ['/api/admin/calendar-feed', 'create'] as const,
  turnOff: ['/api/admin/calendar-feed', 'turn-off'] as const,
};
