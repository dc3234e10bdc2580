import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  bookingRangeQuerySchema,
  bookingRequestSchema,
  calendarStatusSchema,
  reviewDecisionSchema,
  type ReminderQueuedResponse,
} from '@shared/schemas/booking';
import { parseDateRange } from '../../http/date-range';
import { parseIdParam, parseInput } from '../../http/validate';
import { cachedScheduleRules } from '../availability/cached-schedule-rules';
import { emailContext } from '../mail/email-kinds';
import { bookingIcs, ICS_FILENAME } from '../mail/ics';
import { cachedServiceById } from '../services/cached-service-by-id';
import { createBookingService } from './booking-service';
import { queueReminder, REMINDER_QUEUED } from './reminder';
import { createBookingsRepository, toBooking } from './repository';
import { bookingSummary } from './summary';
import { docs } from '../../http/openapi/route-docs';

const tokenParams = z.object({ token: z.string().min(1).max(200) });
const idempotencyKeySchema = z
  .string()
  .min(8, 'Idempotency-Key must be 8 to 200 characters')
  .max(200, 'Idempotency-Key must be 8 to 200 characters');

export async function bookingsRoutes(app: FastifyInstance): Promise<void> {
  const bookings = createBookingService({
    db: app.db,
    config: app.config,
    travel: app.travel,
    drives: app.drives,
    rules: cachedScheduleRules(app.publicCache, app.db),
    serviceById: cachedServiceById(app.publicCache, app.db),
  });
  const repo = createBookingsRepository(app.db);

  app.post(
    '/api/bookings',
    {
      config: docs({
        summary: 'Request a booking',
        description:
          'The server sets price, travel fee and status (pending); price, status or travel figures in the body are ignored. An `Idempotency-Key` header (8-200 characters) makes a retry answer the first booking instead of a second one.',
        body: bookingRequestSchema,
        responses: {
          201: 'The booking request, with its private cancel link token',
          409: 'The time is no longer free, or the drive from her other visits does not fit',
        },
      }),
    },
    async (request, reply) => {
      const input = parseInput(bookingRequestSchema, request.body);
      const header = request.headers['idempotency-key'];
      const key = header === undefined ? undefined : parseInput(idempotencyKeySchema, String(header));
      const { booking, replayed } = await bookings.create(input, request.body, key);
      if (replayed) reply.header('idempotent-replayed', 'true');
      request.log.info({ event: 'booking_requested', bookingId: booking.id, replayed }, 'booking requested');
      return reply.code(201).send(booking);
    },
  );

  // The private link: the token is the credential, and a wrong one reveals nothing.
  app.get(
    '/api/bookings/token/:token',
    { config: docs({ summary: 'A booking by its private link token', params: tokenParams }) },
    async (request) => {
      const { token } = parseInput(tokenParams, request.params);
      return bookings.findByToken(token);
    },
  );

  // 'Add to calendar' on the confirmation page.
  app.get(
    '/api/bookings/token/:token/calendar.ics',
    {
      config: docs({
        summary: 'A booking as an iCalendar file for the client',
        params: tokenParams,
        produces: 'text/calendar',
      }),
    },
    async (request, reply) => {
      const { token } = parseInput(tokenParams, request.params);
      const booking = await bookings.findByToken(token);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${ICS_FILENAME}"`)
        .header('cache-control', 'no-store')
        .send(bookingIcs(booking, emailContext(app.config)));
    },
  );

  app.post(
    '/api/bookings/cancel/:token',
    {
      config: docs({
        summary: 'Cancel a booking through its private link',
        params: tokenParams,
        responses: { 200: 'Cancelled', 409: 'It can no longer be cancelled online (started, or already cancelled)' },
      }),
    },
    async (request) => {
      const { token } = parseInput(tokenParams, request.params);
      const booking = await bookings.cancelByToken(token);
      request.log.info({ event: 'booking_cancelled_by_client', bookingId: booking.id }, 'booking cancelled by client');
      return booking;
    },
  );

  app.get(
    '/api/bookings/range',
    {
      config: docs({
        summary: 'Bookings between two NZ dates (at most 62 days; rejected ones left out)',
        query: bookingRangeQuerySchema,
      }),
    },
    async (request) => {
      const { startDate, endDate } = parseDateRange(bookingRangeQuerySchema, request.query, {
        from: 'startDate',
        to: 'endDate',
      });
      return (await repo.listRange(startDate, endDate)).map(toBooking);
    },
  );

  app.patch(
    '/api/bookings/:id/status',
    {
      config: docs({
        summary: 'Confirm or cancel a booking (her calendar)',
        body: calendarStatusSchema,
        responses: {
          200: 'The booking as saved; the client is e-mailed',
          409: 'Not possible from its current status, or approving it would break her route',
        },
      }),
    },
    async (request) => {
      const id = parseIdParam(request.params);
      const { status } = parseInput(calendarStatusSchema, request.body);
      return bookings.changeStatus(id, 'admin-calendar', status);
    },
  );

  app.get('/api/admin/bookings/pending', { config: docs({ summary: 'Requests waiting for her answer' }) }, async () =>
    (await repo.listPending(new Date())).map(toBooking),
  );

  app.get('/api/admin/bookings', { config: docs({ summary: 'Every booking' }) }, async () =>
    (await repo.listAll()).map(toBooking),
  );

  app.get(
    '/api/admin/bookings/summary',
    { config: docs({ summary: 'Today, upcoming and the next few confirmed visits (NZ time)' }) },
    async () => bookingSummary(app.db),
  );

  // Appointment Details' 'Send reminder'. The log names ids only, no personal data.
  app.post(
    '/api/admin/bookings/:id/reminder',
    {
      config: docs({
        summary: 'E-mail the client a reminder',
        responses: { 200: 'Reminder queued', 409: 'Only a confirmed, upcoming visit gets a reminder' },
      }),
    },
    async (request): Promise<ReminderQueuedResponse> => {
      const id = parseIdParam(request.params);
      const outboxId = await queueReminder(app.db, app.config, id);
      request.log.info({ event: 'booking_reminder_queued', bookingId: id, outboxId }, 'reminder queued by admin');
      return { message: REMINDER_QUEUED, id: outboxId };
    },
  );

  app.patch(
    '/api/admin/bookings/:id/status',
    {
      config: docs({
        summary: 'Approve or reject a request, with an optional note to the client',
        body: reviewDecisionSchema,
        responses: {
          200: 'The booking as decided; the client is e-mailed',
          409: 'It can no longer be decided (expired, already answered, or it would break her route)',
        },
      }),
    },
    async (request) => {
      const id = parseIdParam(request.params);
      const { status, adminNote } = parseInput(reviewDecisionSchema, request.body);
      return bookings.changeStatus(id, 'admin-review', status, adminNote);
    },
  );
}
