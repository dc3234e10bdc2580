/**
 * The therapist's calendar subscription (docs/product.md §2): the answers of
 * /api/admin/calendar-feed, and the feed's public path. The token is the credential.
 */
import { z } from 'zod';

/** GET /api/admin/calendar-feed (and DELETE): whether a feed link works, and since when. */
export const calendarFeedStatusSchema = z
  .object({
    active: z.boolean(),
    /** ISO instant the current link was created; null when there is no feed. */
    createdAt: z.string().nullable(),
  })
  .meta({ id: 'CalendarFeedStatus' });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** POST /api/admin/calendar-feed: the new link, shown this once (only its hash is stored). */
export const calendarFeedCreatedSchema = z
  .object({
    url: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'CalendarFeedCreated' });
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

export const CALENDAR_FEED_FILENAME = 'appointments.ics';

/** /api/calendar-feed/{token}/appointments.ics */
export const calendarFeedPath = (token: string) =>
  `/api/calendar-feed/${encodeURIComponent(token)}/${CALENDAR_FEED_FILENAME}`;
