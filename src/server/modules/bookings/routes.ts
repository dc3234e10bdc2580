import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  availabilityRangeResponseSchema,
  availabilityResponseSchema,
  bookingRangeQuerySchema,
  bookingRequestSchema,
  calendarStatusSchema,
  adminBookingSummarySchema,
  adminBookingSchema,
  bookingSchema,
  pendingBookingSchema,
  reminderQueuedResponseSchema,
  rescheduleRequestSchema,
  reviewDecisionSchema,
} from '@shared/schemas/booking';
import { HOUR_MS } from '@shared/time';
import { checkDateRange } from '../../http/date-range';
import { createRateLimiter } from '../../http/rate-limiter';
import { parseInput } from '../../http/validate';
import { cachedScheduleRules } from '../availability/cached-schedule-rules';
import { publicDay, publicRangeDay } from '../availability/offered-slots';
import { dateField } from '../availability/routes';
import { clashesOf } from '../calendars/busy-repository';
import { emailContext } from '../mail/email-kinds';
import { bookingIcs, ICS_FILENAME } from '../mail/ics';
import { cachedServiceById } from '../services/cached-service-by-id';
import { createBookingService } from './booking-service';
import { createAdminBookings } from './admin-create';
import { adminBookingRequestSchema } from '@shared/schemas/admin-booking';
import { queueReminder, REMINDER_QUEUED } from './reminder';
import { createClientsRepository } from '../clients/repository';
import { createHealthOf, healthFor } from '../health-forms/health-of';
import { createBookingsRepository, toAdminBookings, toBooking } from './repository';
import { bookingSummary } from './summary';
import { loadDepositView } from '../deposits/view';
import { defineRoute, idParams } from '../../http/route';
import { actorOf } from '../clients/routes';

const tokenParams = z.object({ token: z.string().min(1).max(200) });
const tokenDayParams = tokenParams.extend({ date: dateField('Date') });
const moveRangeQuery = z.object({ from: dateField('from'), to: dateField('to') });
/** Why she may not move (or be offered times for) a visit: closed or started. */
const PRACTICE_MOVE_REFUSALS = [
  'BOOKING_NOT_FOUND',
  'BOOKING_NOT_CHANGEABLE',
  'REQUEST_EXPIRED',
  'ALREADY_STARTED',
] as const;
/** Why the link may not: the same, or inside the change cut-off. */
const MOVE_REFUSALS = [...PRACTICE_MOVE_REFUSALS, 'CHANGE_CUTOFF_PASSED'] as const;
export const TOO_MANY_BOOKING_REQUESTS = 'Too many booking requests from this address. Please try again later.';
const idempotencyKeySchema = z
  .string()
  .min(8, 'Idempotency-Key must be 8 to 200 characters')
  .max(200, 'Idempotency-Key must be 8 to 200 characters');

/** What confirming, approving, rejecting or cancelling may answer, from either screen. */
const STATUS_CHANGE_ERRORS = [
  'BOOKING_NOT_FOUND',
  'STATUS_CHANGE_NOT_ALLOWED',
  'REQUEST_EXPIRED',
  'APPROVAL_BREAKS_ROUTE',
  'CALENDAR_CLASH',
  'HEALTH_NOT_CONFIRMED',
] as const;

export async function bookingsRoutes(app: FastifyInstance): Promise<void> {
  const healthOf = createHealthOf(app.db, app.secretBox, app.config.booking.healthFormMonths);
  const bookings = createBookingService({
    healthOf,
    db: app.db,
    box: app.secretBox,
    config: app.config,
    travel: app.travel,
    drives: app.drives,
    rules: cachedScheduleRules(app.publicCache, app.db),
    serviceById: cachedServiceById(app.publicCache, app.db),
    seriesVisits: app.seriesVisits,
  });
  const repo = createBookingsRepository(app.db);
  const alertTexts = createClientsRepository(app.db, app.secretBox).alertTextsOf;
  /** When a deposit is overdue on her screens (DEPOSIT_DUE_HOURS after the request). */
  const depositClock = () => ({ dueMs: app.config.deposits.dueMs, now: new Date() });
  const limiter = createRateLimiter(app.db);
  const adminBookings = createAdminBookings({
    healthOf,
    db: app.db,
    box: app.secretBox,
    config: app.config,
    travel: app.travel,
    drives: app.drives,
    rules: cachedScheduleRules(app.publicCache, app.db),
    serviceById: cachedServiceById(app.publicCache, app.db),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/bookings',
    access: 'public',
    summary: 'Request a booking',
    description:
      'The server sets price, travel fee and status (pending); price, status or travel figures in the body are ignored. An `Idempotency-Key` header (8-200 characters) makes a retry answer the first booking instead of a second one. Limited to `BOOKING_REQUESTS_PER_HOUR` per address (every well-formed request counts, a retry too), then 429 with `Retry-After` and nothing stored or e-mailed.',
    body: bookingRequestSchema,
    response: { 201: bookingSchema },
    returns: 'The booking request, with its private cancel link token',
    errors: ['OUTSIDE_SERVICE_AREA', 'SLOT_TAKEN', 'ROUTE_DOES_NOT_FIT', 'IDEMPOTENCY_KEY_REUSED', 'RATE_LIMITED'],
    async handler({ body }, request, reply) {
      const header = request.headers['idempotency-key'];
      const key = header === undefined ? undefined : parseInput(idempotencyKeySchema, String(header));
      // Counted before anything is stored: each request e-mails the address it names and holds a time.
      const perHour = app.config.booking.requestsPerHour;
      if (perHour !== null)
        await limiter.limit(`booking:ip:${request.ip}`, HOUR_MS, perHour, TOO_MANY_BOOKING_REQUESTS);
      const { booking, replayed } = await bookings.create(body, request.body, key);
      if (replayed) reply.header('idempotent-replayed', 'true');
      request.log.info({ event: 'booking_requested', bookingId: booking.id, replayed }, 'booking requested');
      reply.code(201);
      return booking;
    },
  });

  // The private link: the token is the credential, and a wrong one reveals nothing.
  defineRoute(app, {
    method: 'GET',
    url: '/api/bookings/token/:token',
    access: 'token',
    summary: 'A booking by its private link token',
    params: tokenParams,
    response: { 200: bookingSchema },
    errors: ['BOOKING_NOT_FOUND'],
    async handler({ params }) {
      const row = await bookings.findRowByToken(params.token);
      const closed = row.status === 'cancelled' || row.status === 'rejected';
      const healthForm = closed ? null : healthFor(await healthOf([row.clientId]), row.clientId).status;
      // The deposit and how to pay it (docs/product.md §18.2), its status from the payments recorded.
      const deposit = await loadDepositView(app.db, row, app.config);
      return { ...toBooking(row, app.secretBox), healthForm, deposit };
    },
  });

  // 'Add to calendar' on the confirmation page.
  defineRoute(app, {
    method: 'GET',
    url: '/api/bookings/token/:token/calendar.ics',
    access: 'token',
    summary: 'A booking as an iCalendar file for the client',
    params: tokenParams,
    produces: 'text/calendar',
    errors: ['BOOKING_NOT_FOUND'],
    async handler({ params }, _request, reply) {
      const row = await bookings.findRowByToken(params.token);
      // The row's SEQUENCE: a file downloaded after a reschedule replaces the event, not adds one.
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${ICS_FILENAME}"`)
        .header('cache-control', 'no-store')
        .send(bookingIcs(toBooking(row, null), emailContext(app.config), new Date(), row.icsSequence));
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/bookings/cancel/:token',
    access: 'token',
    summary: 'Cancel a booking through its private link',
    params: tokenParams,
    response: { 200: bookingSchema },
    returns: 'Cancelled',
    errors: ['BOOKING_NOT_FOUND_OR_CANCELLED', 'ALREADY_STARTED', 'CHANGE_CUTOFF_PASSED', 'STATUS_CHANGE_NOT_ALLOWED'],
    async handler({ params }, request) {
      const booking = await bookings.cancelByToken(params.token);
      request.log.info({ event: 'booking_cancelled_by_client', bookingId: booking.id }, 'booking cancelled by client');
      return booking;
    },
  });

  // 'Change time' (docs/product.md §4 "Changing a visit"): the private link moves its visit; the token is the
  // credential.
  defineRoute(app, {
    method: 'POST',
    url: '/api/bookings/token/:token/reschedule',
    access: 'token',
    summary: 'Move a booking to another time through its private link',
    description:
      'The same service, duration and address at a new date and time that passes every rule a new request passes (hours, blocked dates, notice, horizon, other visits and her other calendars, the route). One transaction: the new time is taken and the old released together, or nothing changes. The booking keeps its id, link and status; the client and the practice are e-mailed (the client with the updated calendar file). Refused inside `CHANGE_CUTOFF_HOURS` before the visit.',
    params: tokenParams,
    body: rescheduleRequestSchema,
    response: { 200: bookingSchema },
    returns: 'The booking at its new time',
    errors: [...MOVE_REFUSALS, 'SLOT_TAKEN', 'ROUTE_DOES_NOT_FIT'],
    async handler({ params, body }, request) {
      const booking = await bookings.rescheduleByToken(params.token, body);
      request.log.info({ event: 'booking_rescheduled_by_client', bookingId: booking.id }, 'booking moved by client');
      return booking;
    },
  });

  // 'Change time' (docs/product.md §4 "Changing a visit"): the times the link's visit could move to. Only by the token:
  // it answers for the booking's own service length and address, with its own current time counted as free for itself.
  defineRoute(app, {
    method: 'GET',
    url: '/api/bookings/token/:token/availability',
    access: 'token',
    summary: "Which dates of a range have times the private link's visit could move to",
    description:
      "The wizard's calendar answer for the booking's own duration and address (the route rule), with the booking's own current time free for itself. Refused as the move is: closed, expired, started or inside `CHANGE_CUTOFF_HOURS`.",
    params: tokenParams,
    query: moveRangeQuery,
    response: { 200: availabilityRangeResponseSchema },
    errors: [...MOVE_REFUSALS, 'INVALID_DATE_RANGE'],
    async handler({ params, query }) {
      checkDateRange(query, { from: 'from', to: 'to' });
      const { duration, days } = await bookings.offeredForMove(params.token, query);
      return { from: query.from, to: query.to, duration, days: days.map(publicRangeDay) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/bookings/token/:token/availability/:date',
    access: 'token',
    summary: "The times on one NZ date the private link's visit could move to",
    params: tokenDayParams,
    response: { 200: availabilityResponseSchema },
    errors: [...MOVE_REFUSALS],
    async handler({ params }) {
      const { days } = await bookings.offeredForMove(params.token, { from: params.date, to: params.date });
      const { date: _date, ...day } = publicDay(days[0]!);
      return day;
    },
  });

  // Her 'Change time…' (docs/product.md §4 "Changing a visit"): any pending or confirmed visit that has not started,
  // with no change cut-off.
  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/bookings/:id/reschedule',
    access: 'admin',
    summary: 'Move a visit to another time (hers: no change cut-off)',
    description:
      'The same checks as the private link’s move (hours, blocked dates, notice, horizon, other visits and her other calendars, waitlist holds, the route), with the booking’s own old time left out, under both days’ locks: the booking keeps its id, link and status (SEQUENCE raised). The client is e-mailed the new time with the updated calendar file; a visit of a series is shown in the series’ file at its new time instead.',
    params: idParams,
    body: rescheduleRequestSchema,
    response: { 200: bookingSchema },
    returns: 'The booking at its new time',
    errors: [...PRACTICE_MOVE_REFUSALS, 'SLOT_TAKEN', 'ROUTE_DOES_NOT_FIT'],
    async handler({ params, body }, request) {
      const booking = await bookings.rescheduleById(params.id, body);
      request.log.info({ event: 'booking_rescheduled_by_admin', bookingId: booking.id }, 'booking moved by admin');
      return booking;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/bookings/:id/availability',
    access: 'admin',
    summary: 'The times on one NZ date (`date`) a visit could move to (her ‘Change time…’)',
    description:
      "The wizard's answer for one date, for the booking's own duration and address (the route rule), with its own current time free for itself; no change cut-off. Refused as her move is: closed, expired or started.",
    params: idParams,
    query: z.object({ date: dateField('Date') }),
    response: { 200: availabilityResponseSchema },
    errors: [...PRACTICE_MOVE_REFUSALS],
    async handler({ params, query }) {
      const { days } = await bookings.offeredForPracticeMove(params.id, { from: query.date, to: query.date });
      const { date: _date, ...day } = publicDay(days[0]!);
      return day;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/bookings/range',
    access: 'admin',
    summary: 'Bookings between two NZ dates (at most 62 days; rejected ones left out)',
    query: bookingRangeQuerySchema,
    response: { 200: z.array(adminBookingSchema) },
    errors: ['INVALID_DATE_RANGE'],
    async handler({ query }) {
      checkDateRange(query, { from: 'startDate', to: 'endDate' });
      return toAdminBookings(
        app.db,
        await repo.listRange(query.startDate, query.endDate),
        app.secretBox,
        alertTexts,
        healthOf,
        depositClock(),
      );
    },
  });

  defineRoute(app, {
    method: 'PATCH',
    url: '/api/bookings/:id/status',
    access: 'admin',
    summary: 'Confirm or cancel a booking (her calendar)',
    params: idParams,
    body: calendarStatusSchema,
    response: { 200: bookingSchema },
    returns: 'The booking as saved; the client is e-mailed',
    description:
      "`lateCancellation: true` with a cancellation marks it 'Late cancellation' (issue 25): only a confirmed visit inside `CHANGE_CUTOFF_HOURS` of its start, else 409 `LATE_CANCELLATION_REFUSED` and nothing changes.",
    errors: [...STATUS_CHANGE_ERRORS, 'LATE_CANCELLATION_REFUSED'],
    handler: async ({ params, body }, request) =>
      bookings.changeStatus(params.id, 'admin-calendar', body.status, undefined, {
        confirmClash: body.confirmClash,
        confirmHealth: body.confirmHealth,
        lateCancellation: body.lateCancellation,
        clientMatch: body.clientMatch,
        by: actorOf(request),
      }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/bookings/pending',
    access: 'admin',
    summary: 'Requests waiting for her answer',
    description:
      'Each with `clashes`: the busy times of her other calendars it now overlaps (synced after it was made).',
    response: { 200: z.array(pendingBookingSchema) },
    async handler() {
      const rows = await repo.listPending(new Date());
      const clashes = await clashesOf(
        app.db,
        rows.map((r) => ({ id: r.id, start: r.startsAt, end: r.endsAt })),
      );
      const withAlerts = await toAdminBookings(app.db, rows, app.secretBox, alertTexts, healthOf, depositClock());
      return withAlerts.map((b) => ({ ...b, clashes: clashes.get(b.id) ?? [] }));
    },
  });

  // 'New booking' (docs/product.md §4 "Bookings she takes herself"): a booking she takes herself, by phone or from a
  // waitlist entry or a client's page.
  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/bookings',
    access: 'admin',
    summary: 'Enter a booking herself (confirmed, or held as pending)',
    description:
      "The server sets price and travel as for a visitor's request, and refuses as it would (400 `OUTSIDE_SERVICE_AREA`, 409 `SLOT_TAKEN` for hours, blocked dates, the booking window, her other calendars or a waitlist hold, 409 `ROUTE_DOES_NOT_FIT`), each message naming the real cause; minimum notice does not apply to her. `override: true` ('Book anyway') takes it over those refusals, recorded on the booking (`overrideReason`, `bookedBy`) and in the client's access log. Never over another pending or confirmed visit (409 `BOOKING_OVERLAP`, the gap included) or a time already past. `clientId` links one of her clients; without it a new client is made (a possible match flagged, as for a request). `notifyClient` (default true) sends the usual e-mail (the confirmation, or 'We received your booking request'), with the health form's link when needed; false sends none, and no automatic reminder. No deposit is asked. A pending one holds its time until she confirms it or it starts. `waitlistEntryId` (her 'Book' on a waitlist entry) ends that entry as booked in the same transaction (it is offered nothing more and leaves her list; its own hold does not stand in the way and ends too); an entry that is not there is a 404 `WAITLIST_ENTRY_NOT_FOUND`, one that has ended a 409 `WAITLIST_ENTRY_CLOSED`, and nothing is booked.",
    body: adminBookingRequestSchema,
    response: { 201: adminBookingSchema },
    returns: 'The booking as her screens show it',
    errors: [
      'OUTSIDE_SERVICE_AREA',
      'SLOT_TAKEN',
      'ROUTE_DOES_NOT_FIT',
      'BOOKING_OVERLAP',
      'CLIENT_NOT_FOUND',
      'WAITLIST_ENTRY_NOT_FOUND',
      'WAITLIST_ENTRY_CLOSED',
      'BOOKING_CHANGED',
    ],
    async handler({ body }, request, reply) {
      const row = await adminBookings.create(body, actorOf(request));
      // Ids and facts only: her username is on the booking and in the client's access log.
      request.log.info(
        {
          event: 'booking_created_by_admin',
          bookingId: row.id,
          status: row.status,
          overridden: row.overrideReason !== null,
          waitlistEntryId: body.waitlistEntryId,
        },
        'booking entered by admin',
      );
      const [booking] = await toAdminBookings(app.db, [row], app.secretBox, alertTexts, healthOf, depositClock());
      reply.code(201);
      return booking!;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/bookings',
    access: 'admin',
    summary: 'Every booking',
    response: { 200: z.array(adminBookingSchema) },
    handler: async () =>
      toAdminBookings(app.db, await repo.listAll(), app.secretBox, alertTexts, healthOf, depositClock()),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/bookings/summary',
    access: 'admin',
    summary: 'Today, upcoming and the next few confirmed visits (NZ time)',
    response: { 200: adminBookingSummarySchema },
    handler: async () => bookingSummary(app.db, app.secretBox, new Date(), alertTexts, healthOf),
  });

  // Appointment Details' 'Send reminder'. The log names ids only, no personal data.
  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/bookings/:id/reminder',
    access: 'admin',
    summary: 'E-mail the client a reminder',
    params: idParams,
    response: { 200: reminderQueuedResponseSchema },
    returns: 'Reminder queued',
    errors: ['BOOKING_NOT_FOUND', 'REMINDER_NOT_CONFIRMED', 'REMINDER_TOO_LATE'],
    async handler({ params: { id } }, request) {
      const outboxId = await queueReminder(app.db, app.config, id);
      request.log.info({ event: 'booking_reminder_queued', bookingId: id, outboxId }, 'reminder queued by admin');
      return { message: REMINDER_QUEUED, id: outboxId };
    },
  });

  defineRoute(app, {
    method: 'PATCH',
    url: '/api/admin/bookings/:id/status',
    access: 'admin',
    summary: 'Approve or reject a request, with an optional note to the client',
    params: idParams,
    body: reviewDecisionSchema,
    response: { 200: bookingSchema },
    returns: 'The booking as decided; the client is e-mailed',
    errors: STATUS_CHANGE_ERRORS,
    handler: async ({ params, body }, request) =>
      bookings.changeStatus(params.id, 'admin-review', body.status, body.adminNote, {
        confirmClash: body.confirmClash,
        confirmHealth: body.confirmHealth,
        clientMatch: body.clientMatch,
        by: actorOf(request),
      }),
  });
}
