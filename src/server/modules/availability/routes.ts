import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEFAULT_DURATION_MINUTES, LIMITS, MIN_DURATION_MINUTES } from '@shared/constants';
import {
  availabilityRangeResponseSchema,
  availabilityResponseSchema,
  type DayAvailability,
} from '@shared/schemas/booking';
import { addDaysToDate, isValidDateString, nzToday } from '@shared/time';
import { checkDateRange } from '../../http/date-range';
import { cachedDayAnswer, dayAnswerKeptUntil, dayAnswerKey } from './cached-day-answer';
import { cachedScheduleRules } from './cached-schedule-rules';
import { loadOfferedSlots, publicDay, publicRangeDay, type OfferedDay, type Visitor } from './offered-slots';
import { loadAvailabilityInput } from './repository';
import { defineRoute } from '../../http/route';

// The availability fields, shared with 'Why this time?' (explain-routes.ts): one rule each.
export const dateField = (label: string) =>
  z.string({ error: `${label} is required` }).refine(isValidDateString, `${label} must be a date (yyyy-MM-dd)`);
/** A session length in minutes, when given. */
export const durationField = z.coerce
  .number()
  .int('Duration must be a whole number of minutes')
  .min(MIN_DURATION_MINUTES, `Duration must be at least ${MIN_DURATION_MINUTES} minutes`)
  .max(LIMITS.maxDurationMinutes, `Duration must be at most ${LIMITS.maxDurationMinutes} minutes`);
const duration = durationField.default(DEFAULT_DURATION_MINUTES);
// The visitor's suburb or address (docs/product.md §10): optional; blank is the same as absent.
export const addressField = z
  .string()
  .trim()
  .max(LIMITS.addressMax, `Address must be at most ${LIMITS.addressMax} characters`)
  .optional()
  .transform((v) => (v ? v : undefined));
const dayParams = z.object({ date: dateField('Date') });
const dayQuery = z.object({ duration, address: addressField });
const rangeQuery = z.object({ from: dateField('from'), to: dateField('to'), duration, address: addressField });

export async function availabilityRoutes(app: FastifyInstance): Promise<void> {
  const deps = {
    db: app.db,
    config: app.config,
    drives: app.drives,
    rules: cachedScheduleRules(app.publicCache, app.db),
  };
  async function visitorAt(addressText: string | undefined): Promise<Visitor | undefined> {
    if (!addressText) return undefined;
    return { location: (await app.travel.assess(addressText)).location };
  }
  const offered = async (
    range: { from: string; to: string },
    minutes: number,
    addressText: string | undefined,
    dayOf: (day: OfferedDay) => DayAvailability = publicRangeDay,
  ) => (await loadOfferedSlots(deps, range, minutes, new Date(), await visitorAt(addressText))).map(dayOf);

  /** One date's answer, from memory while nothing it depends on has changed (cached-day-answer.ts). */
  async function offeredDay(date: string, minutes: number, addressText: string | undefined): Promise<DayAvailability> {
    const now = new Date();
    const today = nzToday(now);
    // Outside today..horizon nothing is offered and nothing is read: no need to remember it.
    if (date < today || date > addDaysToDate(today, app.config.booking.horizonDays)) {
      const [day] = await offered({ from: date, to: date }, minutes, addressText, publicDay);
      return day!;
    }
    const visitor = await visitorAt(addressText);
    return cachedDayAnswer(app.publicCache, dayAnswerKey(date, minutes, visitor), now, async () => {
      const input = await loadAvailabilityInput(deps.db, date, date, now, await deps.rules());
      const [day] = await loadOfferedSlots(deps, { from: date, to: date }, minutes, now, visitor, { input });
      return { answer: publicDay(day!), keptUntil: dayAnswerKeptUntil(date, input, app.config.booking, now) };
    });
  }

  defineRoute(app, {
    method: 'GET',
    url: '/api/availability/:date',
    access: 'public',
    summary: 'Free start times on one NZ date',
    description:
      "With `address`, only times whose drives fit the therapist's other visits that day, and `nearbyTimes` next to a visit close by.",
    params: dayParams,
    query: dayQuery,
    response: { 200: availabilityResponseSchema },
    async handler({ params: { date }, query }) {
      const { date: _date, ...day } = await offeredDay(date, query.duration, query.address);
      return day;
    },
  });

  // Every date's status in one request, so the calendar can disable dates without a call per day.
  defineRoute(app, {
    method: 'GET',
    url: '/api/availability',
    access: 'public',
    summary: 'Which dates of a range have free times (for the calendar)',
    query: rangeQuery,
    response: { 200: availabilityRangeResponseSchema },
    errors: ['INVALID_DATE_RANGE'],
    async handler({ query }) {
      checkDateRange(query, { from: 'from', to: 'to' });
      const { from, to, duration, address } = query;
      return { from, to, duration, days: await offered({ from, to }, duration, address) };
    },
  });
}
