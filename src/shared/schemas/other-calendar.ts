/**
 * Her other calendars (docs/product.md §11): personal calendars whose busy times block bookings, and the
 * 'Why this time?' answer. The names are the API's (docs/api.md); others depend on them.
 */
import { z } from 'zod';
import { LIMITS } from '../constants';
import { isValidDateString } from '../time';

export const CALENDAR_KINDS = ['ics', 'caldav'] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

/** The schemes a calendar address may use; webcal:// is read as https:// (what every calendar app does). */
export const CALENDAR_URL_SCHEMES = ['http:', 'https:', 'webcal:'] as const;

const calendarUrl = z
  .string({ error: 'Please enter the calendar address' })
  .trim()
  .min(1, 'Please enter the calendar address')
  .max(LIMITS.calendarUrlMax, `The address must be at most ${LIMITS.calendarUrlMax} characters`)
  .refine((v) => {
    try {
      return (CALENDAR_URL_SCHEMES as readonly string[]).includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, 'Please enter a calendar address starting with https://, http:// or webcal://');

const calendarName = z
  .string({ error: 'Please enter a name' })
  .trim()
  .min(1, 'Please enter a name')
  .max(LIMITS.calendarNameMax, `The name must be at most ${LIMITS.calendarNameMax} characters`);

/** Blank is absent: the form sends '' for an empty field. */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : undefined));

/** POST /api/admin/calendars: an ICS address alone, or a CalDAV server with a username and app password. */
export const calendarInputSchema = z
  .object({
    name: calendarName,
    url: calendarUrl,
    username: optionalText(LIMITS.usernameMax, 'The username').transform((v) => v?.trim() || undefined),
    password: optionalText(LIMITS.passwordMax, 'The password'),
    allDayBlocks: z.boolean().default(true),
  })
  .superRefine((c, ctx) => {
    if (c.username && !c.password)
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'Please enter the app password' });
    if (c.password && !c.username)
      ctx.addIssue({ code: 'custom', path: ['username'], message: 'Please enter the username' });
  });
export type CalendarInput = z.input<typeof calendarInputSchema>;

/** PATCH /api/admin/calendars/{id}: rename, or switch all-day blocking. */
export const calendarPatchSchema = z
  .object({ name: calendarName.optional(), allDayBlocks: z.boolean().optional() })
  .refine((p) => p.name !== undefined || p.allDayBlocks !== undefined, 'Nothing to change');

/** A calendar as the API answers it: never a password. */
export const otherCalendarSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    kind: z.enum(CALENDAR_KINDS),
    url: z.string(),
    /** CalDAV only; null for an ICS address. */
    username: z.string().nullable(),
    allDayBlocks: z.boolean(),
    /** The last sync that read the calendar (ISO instant); null before the first. */
    lastSyncedAt: z.string().nullable(),
    /** Why the last attempt failed; null when it succeeded. The busy times of the last good sync stay. */
    lastError: z.string().nullable(),
    lastErrorAt: z.string().nullable(),
    /** Events in the file at the last good sync (a series counts once). */
    eventCount: z.number().int(),
    /** Busy intervals kept from today to the booking horizon. */
    busyCount: z.number().int(),
    /** The next busy interval from now, for 'next: Tue 3 Dec 3:00 PM'. */
    nextBusyAt: z.string().nullable(),
    /** Events left out of the last good sync, by why (e.g. 'too many occurrences'). */
    skipped: z.record(z.string(), z.number().int()),
  })
  .meta({ id: 'OtherCalendar' });
export type OtherCalendar = z.infer<typeof otherCalendarSchema>;

export const calendarSyncResultSchema = z
  .object({ eventCount: z.number().int(), busyCount: z.number().int(), lastSyncedAt: z.string() })
  .meta({ id: 'CalendarSyncResult' });
export type CalendarSyncResult = z.infer<typeof calendarSyncResultSchema>;

/** One busy interval as her screens show it (GET /api/admin/calendar-busy): the title is hers only. */
export const busyBlockSchema = z
  .object({
    calendarId: z.number().int(),
    calendarName: z.string(),
    title: z.string(),
    start: z.string(),
    end: z.string(),
    allDay: z.boolean(),
  })
  .meta({ id: 'BusyBlock' });
export type BusyBlock = z.infer<typeof busyBlockSchema>;

export const busyRangeQuerySchema = z.object({
  from: z.string({ error: 'from is required' }).refine(isValidDateString, 'from must be a date (yyyy-MM-dd)'),
  to: z.string({ error: 'to is required' }).refine(isValidDateString, 'to must be a date (yyyy-MM-dd)'),
});

/** Why a start time is or is not offered (GET /api/admin/availability/explain). */
export const EXPLAIN_REASON_CODES = [
  'OUTSIDE_HOURS',
  'BLOCKED_DATE',
  'BOOKING',
  'ROUTE',
  'EXTERNAL_BUSY',
  'MIN_NOTICE',
  'HORIZON',
  'PAST',
] as const;
export type ExplainReasonCode = (typeof EXPLAIN_REASON_CODES)[number];

export const explainReasonSchema = z.object({ code: z.enum(EXPLAIN_REASON_CODES), message: z.string() });
export type ExplainReason = z.infer<typeof explainReasonSchema>;

export const explainAnswerSchema = z
  .object({
    date: z.string(),
    durationMinutes: z.number().int(),
    /** With an address: whether it was located (an unlocated address gets the unknown-drive gap). */
    located: z.boolean().nullable(),
    slots: z.array(z.object({ time: z.string(), offered: z.boolean(), reasons: z.array(explainReasonSchema) })),
  })
  .meta({ id: 'AvailabilityExplanation' });
export type AvailabilityExplanation = z.infer<typeof explainAnswerSchema>;

/** A pending request's clash with a busy time synced after it was made (Pending Requests tab). */
export const calendarClashSchema = z.object({
  calendarName: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
});
export type CalendarClash = z.infer<typeof calendarClashSchema>;
