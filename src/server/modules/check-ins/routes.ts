/**
 * Check-in's routes (docs/product.md §16 "Check-in"): her safety contact, her presses of 'Arrived'
 * and 'Leaving', and the day's check-ins for the day sheet. Admin only (`access: 'admin'`). The contact's
 * address and the visit's address are never logged.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  checkInDayQuerySchema,
  checkInPressSchema,
  checkInStateSchema,
  safetySettingsSchema,
} from '@shared/schemas/check-in';
import { defineRoute, idParams } from '../../http/route';
import { checkInsOn, readSafety, toCheckInState, writeSafety } from './repository';
import { press } from './service';

export async function checkInsRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/safety',
    access: 'admin',
    summary: 'Her safety contact for check-in',
    description:
      "The contact e-mailed when she is overdue at a visit, the grace after the planned end, and whether alerts are on. Her phone number in the alert is the practice profile's.",
    response: { 200: safetySettingsSchema },
    async handler() {
      return readSafety(app.db);
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/admin/safety',
    access: 'admin',
    summary: 'Set her safety contact for check-in',
    description: `Name, e-mail, grace in minutes (5 to 240, default 30) and \`enabled\`; turning alerts on needs a name and an e-mail.`,
    body: safetySettingsSchema,
    response: { 200: safetySettingsSchema },
    async handler({ body }, request) {
      const saved = await writeSafety(app.db, body);
      request.log.info(
        { event: 'safety_settings', enabled: saved.enabled, graceMinutes: saved.graceMinutes },
        'safety contact saved',
      );
      return saved;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/bookings/:id/check-in',
    access: 'admin',
    summary: "Press 'Arrived' or 'Leaving' at a visit",
    description:
      "`at` is the time the phone recorded the press (a press queued offline is sent later); the server trusts it if it is at most 2 minutes ahead of the server's time, at most 24 hours old and at most 3 hours before the visit's start, and otherwise records its own receive time (`arrivedAtFromServer` / `leftAtFromServer`). `pressId` is the phone's UUID for the press: sending it again answers 200 with the state and changes nothing. Only a confirmed visit; 'Leaving' after 'Arrived'. 'Leaving' after her safety contact was alerted queues the all-clear e-mail.",
    params: idParams,
    body: checkInPressSchema,
    response: { 201: checkInStateSchema, 200: checkInStateSchema },
    returns: 'The check-in state: 201 for a new press, 200 for a replayed one',
    errors: ['BOOKING_NOT_FOUND', 'CHECK_IN_NOT_CONFIRMED', 'CHECK_IN_OUT_OF_ORDER'],
    async handler({ params: { id }, body }, request, reply) {
      const answer = await press(app.db, app.config, id, body);
      request.log.info(
        { event: 'check_in', bookingId: id, kind: body.kind, replay: !answer.created },
        'check-in press',
      );
      reply.code(answer.created ? 201 : 200);
      return answer.state;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/check-ins',
    access: 'admin',
    summary: "The check-ins of a day's visits",
    description: 'One state per visit of the NZ date that has been checked in to, in start order.',
    query: checkInDayQuerySchema,
    response: { 200: z.array(checkInStateSchema) },
    async handler({ query }) {
      return (await checkInsOn(app.db, query.date)).map(toCheckInState);
    },
  });
}
