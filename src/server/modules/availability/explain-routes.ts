/**
 * GET /api/admin/availability/explain (docs/product.md §11, 'Why this time?'): for one date, every candidate
 * start and why it is or is not offered. `offered` is loadOfferedSlots' own answer for the date, the
 * one GET /api/availability/{date} and booking give; the reasons come from explainDay on the same
 * input (explain.test.ts keeps the two in agreement).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEFAULT_DURATION_MINUTES } from '@shared/constants';
import { explainAnswerSchema, type AvailabilityExplanation } from '@shared/schemas/other-calendar';
import type { Service } from '@shared/schemas/service';
import { serviceOptions } from '@shared/service-options';
import { addDaysToDate, nzToday } from '@shared/time';
import { invalidField, notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { cachedServiceById } from '../services/cached-service-by-id';
import { cachedScheduleRules } from './cached-schedule-rules';
import { explainDay } from './explain';
import { loadOfferedSlots, type OfferDeps, type Visitor } from './offered-slots';
import { loadAvailabilityInput, type OfferInput, type ScheduleRules } from './repository';
import { addressField, dateField, durationField } from './routes';

const explainQuery = z.object({
  date: dateField('Date'),
  address: addressField,
  serviceId: z.coerce
    .number()
    .int('serviceId must be a whole number')
    .min(1, 'serviceId must be a positive number')
    .max(2_147_483_647, 'serviceId is too large')
    .optional(),
  duration: durationField.optional(),
});

/** The session length: the one asked for (one of the service's, with a service), else the service's first, else 60. */
function durationOf(service: Service | null, asked: number | undefined): number {
  if (!service) return asked ?? DEFAULT_DURATION_MINUTES;
  const options = serviceOptions(service);
  if (asked === undefined) return options[0]?.duration ?? DEFAULT_DURATION_MINUTES;
  if (!options.some((o) => o.duration === asked))
    throw invalidField('duration', 'Please choose one of the durations this service offers');
  return asked;
}

/**
 * The date's input as loadOfferedSlots reads it. Outside today..the horizon nothing can be offered
 * and it reads nothing: the hours and blocked dates alone, from memory, for the reasons.
 */
async function inputFor(deps: OfferDeps, rules: ScheduleRules, date: string, now: Date): Promise<OfferInput> {
  const today = nzToday(now);
  if (date >= today && date <= addDaysToDate(today, deps.config.booking.horizonDays))
    return loadAvailabilityInput(deps.db, date, date, now, rules);
  const blocks = rules.blocks.filter((b) => b.date === date);
  return { hours: rules.hours, blocks, busy: [], external: [], visitsByDate: new Map() };
}

export async function explainRoutes(app: FastifyInstance): Promise<void> {
  const rules = cachedScheduleRules(app.publicCache, app.db);
  const deps: OfferDeps = { db: app.db, config: app.config, drives: app.drives, rules };
  const serviceById = cachedServiceById(app.publicCache, app.db);

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/availability/explain',
    access: 'admin',
    summary: "Why each start time of a date is or is not offered ('Why this time?')",
    description:
      'Every candidate start (each 30 minutes across the week’s opening hours, and the date’s own) with `offered` ' +
      'exactly as `GET /api/availability/{date}` answers it for the same `address` and duration, and every reason ' +
      'a time is not offered: outside hours, a blocked date, another visit, the drive, her other calendars (by ' +
      'calendar name, never an event title), minimum notice, the booking window or the past. Without `duration`, ' +
      "the service's first duration (`serviceId`), else 60 minutes.",
    query: explainQuery,
    response: { 200: explainAnswerSchema },
    errors: ['SERVICE_NOT_FOUND'],
    async handler({ query }): Promise<AvailabilityExplanation> {
      const { date, address, serviceId } = query;
      const service = serviceId === undefined ? null : await serviceById(serviceId);
      if (serviceId !== undefined && !service) throw notFound('SERVICE_NOT_FOUND', 'Service not found');
      const durationMinutes = durationOf(service, query.duration);
      const visitor: Visitor | undefined = address
        ? { location: (await app.travel.assess(address)).location }
        : undefined;
      const now = new Date();
      const input = await inputFor(deps, await rules(), date, now);
      // Prefetches the visitor's drives, which explainDay then reads.
      const [day] = await loadOfferedSlots(deps, { from: date, to: date }, durationMinutes, now, visitor, { input });
      const offered = new Set(day?.timeSlots);
      const slots = explainDay(deps, input, date, durationMinutes, now, visitor).map(({ time, reasons }) => ({
        time,
        offered: offered.has(time),
        reasons,
      }));
      return { date, durationMinutes, located: visitor ? visitor.location !== null : null, slots };
    },
  });
}
