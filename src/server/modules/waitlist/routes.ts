/**
 * The waitlist's routes (docs/product.md §4 "Waitlist"). The visitor's links carry tokens (the entry's
 * to leave, an offer's to book); a GET never books, since mail scanners open links.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bookingSchema } from '@shared/schemas/booking';
import { messageWithIdSchema } from '@shared/schemas/message';
import {
  adminWaitlistEntrySchema,
  waitlistEntryViewSchema,
  waitlistJoinedSchema,
  waitlistJoinSchema,
  waitlistOfferViewSchema,
} from '@shared/schemas/waitlist';
import { HOUR_MS } from '@shared/time';
import { createRateLimiter } from '../../http/rate-limiter';
import { defineRoute, idParams } from '../../http/route';
import { cachedScheduleRules } from '../availability/cached-schedule-rules';
import { createBookingService } from '../bookings/booking-service';
import { createHealthOf } from '../health-forms/health-of';
import { cachedServiceById } from '../services/cached-service-by-id';
import { createWaitlistService } from './service';

/** Joins per address per hour: a person joins once or twice; a script is stopped early. */
export const WAITLIST_JOINS_PER_IP_PER_HOUR = 10;
export const TOO_MANY_JOINS = 'Too many waitlist requests from this address. Please try again later.';

const tokenParams = z.object({ token: z.string().min(1).max(200) });

export async function waitlistRoutes(app: FastifyInstance): Promise<void> {
  const serviceById = cachedServiceById(app.publicCache, app.db);
  const bookings = createBookingService({
    healthOf: createHealthOf(app.db, app.secretBox, app.config.booking.healthFormMonths),
    db: app.db,
    box: app.secretBox,
    config: app.config,
    travel: app.travel,
    drives: app.drives,
    rules: cachedScheduleRules(app.publicCache, app.db),
    serviceById,
  });
  const waitlist = createWaitlistService({ db: app.db, config: app.config, travel: app.travel, bookings, serviceById });
  const limiter = createRateLimiter(app.db);

  defineRoute(app, {
    method: 'POST',
    url: '/api/waitlist',
    access: 'public',
    summary: "Join the waitlist ('Tell me if a time opens')",
    description:
      "Days (1 to 14, from today to the booking horizon), the earliest and latest START time, the service and duration, the address and contact details (the booking form's rules and messages). When a time frees on one of the days that fits the entry (its window, its length, the route rule from its address), it is offered by e-mail in the order entries joined, held for `WAITLIST_HOLD_MINUTES`. An e-mail confirms joining with a link to leave. Limited per address per hour.",
    body: waitlistJoinSchema,
    response: { 201: waitlistJoinedSchema },
    returns: 'On the list; `token` is the private link to leave it',
    errors: ['OUTSIDE_SERVICE_AREA', 'RATE_LIMITED'],
    async handler({ body }, request, reply) {
      await limiter.limit(`waitlist:ip:${request.ip}`, HOUR_MS, WAITLIST_JOINS_PER_IP_PER_HOUR, TOO_MANY_JOINS);
      const joined = await waitlist.join(body);
      request.log.info({ event: 'waitlist_joined' }, 'waitlist joined');
      reply.code(201);
      return joined;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/waitlist/:token',
    access: 'token',
    summary: 'A waitlist entry by its private link token (the leave page)',
    params: tokenParams,
    response: { 200: waitlistEntryViewSchema },
    errors: ['WAITLIST_ENTRY_NOT_FOUND'],
    async handler({ params }) {
      return waitlist.entryByToken(params.token);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/waitlist/:token/leave',
    access: 'token',
    summary: 'Leave the waitlist through its private link',
    description: 'A held time is released to the next person. Leaving twice answers the same.',
    params: tokenParams,
    response: { 200: waitlistEntryViewSchema },
    returns: "The entry, now 'left'",
    errors: ['WAITLIST_ENTRY_NOT_FOUND', 'WAITLIST_ENTRY_CLOSED'],
    async handler({ params }, request) {
      const left = await waitlist.leave(params.token);
      request.log.info({ event: 'waitlist_left' }, 'waitlist left');
      return left;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/waitlist/offers/:token',
    access: 'token',
    summary: 'A waitlist offer by its e-mailed link token',
    description: "What the offer page shows before 'Book this time'. Reading it never books.",
    params: tokenParams,
    response: { 200: waitlistOfferViewSchema },
    errors: ['WAITLIST_OFFER_NOT_FOUND'],
    async handler({ params }) {
      return waitlist.offerView(params.token);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/waitlist/offers/:token/accept',
    access: 'token',
    summary: "Book an offered time ('Book this time')",
    description:
      'Makes a normal pending request for the offered time through the same code as `POST /api/bookings`, every rule checked again; the hold keeps the time for this request only. Refused, changing nothing, when the hold ran out, the offer was booked, declined or withdrawn, or the entry left the list.',
    params: tokenParams,
    response: { 201: bookingSchema },
    returns: 'The booking request, with its private link token',
    errors: [
      'WAITLIST_OFFER_NOT_FOUND',
      'WAITLIST_OFFER_EXPIRED',
      'WAITLIST_OFFER_ACCEPTED',
      'WAITLIST_OFFER_WITHDRAWN',
      'WAITLIST_ENTRY_CLOSED',
      'OUTSIDE_SERVICE_AREA',
      'SLOT_TAKEN',
      'ROUTE_DOES_NOT_FIT',
    ],
    async handler({ params }, request, reply) {
      const booking = await waitlist.accept(params.token);
      request.log.info({ event: 'waitlist_offer_accepted', bookingId: booking.id }, 'waitlist offer accepted');
      reply.code(201);
      return booking;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/waitlist/offers/:token/decline',
    access: 'token',
    summary: 'Decline an offered time',
    description: 'The time goes to the next fitting person; the entry stays on the list.',
    params: tokenParams,
    response: { 200: waitlistOfferViewSchema },
    errors: [
      'WAITLIST_OFFER_NOT_FOUND',
      'WAITLIST_OFFER_EXPIRED',
      'WAITLIST_OFFER_ACCEPTED',
      'WAITLIST_OFFER_WITHDRAWN',
      'WAITLIST_ENTRY_CLOSED',
    ],
    async handler({ params }) {
      return waitlist.decline(params.token);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/waitlist',
    access: 'admin',
    summary: 'The waitlist',
    description: 'The active entries, in the order they joined, each with the times it was offered.',
    response: { 200: z.array(adminWaitlistEntrySchema) },
    async handler() {
      return waitlist.list();
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/admin/waitlist/:id',
    access: 'admin',
    summary: 'Remove a waitlist entry',
    description: 'Its held time, if any, goes to the next fitting person.',
    params: idParams,
    response: { 200: messageWithIdSchema },
    errors: ['WAITLIST_ENTRY_NOT_FOUND', 'WAITLIST_ENTRY_CLOSED'],
    async handler({ params: { id } }) {
      await waitlist.remove(id);
      return { message: 'Waitlist entry removed', id };
    },
  });
}
