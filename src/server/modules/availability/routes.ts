import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEFAULT_DURATION_MINUTES, LIMITS, MIN_DURATION_MINUTES } from '@shared/constants';
import type { AvailabilityResponse } from '@shared/schemas/booking';
import { addDaysToDate, isValidDateString } from '@shared/time';
import { badRequest } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { loadAvailabilityInput } from './repository';
import { daySlots, type SlotPolicy } from './slots';

/** The wizard's calendar asks for two months at once. */
export const MAX_RANGE_DAYS = 62;

const date = (label: string) => z.string({ error: `${label} is required` }).refine(isValidDateString, `${label} must be a date (yyyy-MM-dd)`);
const duration = z.coerce
  .number()
  .int('Duration must be a whole number of minutes')
  .min(MIN_DURATION_MINUTES, `Duration must be at least ${MIN_DURATION_MINUTES} minutes`)
  .max(LIMITS.maxDurationMinutes, `Duration must be at most ${LIMITS.maxDurationMinutes} minutes`)
  .default(DEFAULT_DURATION_MINUTES);

const dayParams = z.object({ date: date('Date') });
const dayQuery = z.object({ duration });
const rangeQuery = z.object({ from: date('from'), to: date('to'), duration });

export async function availabilityRoutes(app: FastifyInstance): Promise<void> {
  const policy = (durationMinutes: number): SlotPolicy => ({ ...app.config.booking, durationMinutes });

  app.get('/api/availability/:date', async (request): Promise<AvailabilityResponse> => {
    const { date: day } = parseInput(dayParams, request.params);
    const { duration: minutes } = parseInput(dayQuery, request.query);
    const now = new Date();
    const input = await loadAvailabilityInput(app.db, day, day, now);
    const timeSlots = daySlots(day, input, policy(minutes), now);
    return { available: timeSlots.length > 0, timeSlots };
  });

  // Every date's status in one request, so the calendar can disable dates without a call per day.
  app.get('/api/availability', async (request) => {
    const q = parseInput(rangeQuery, request.query);
    if (q.to < q.from) throw badRequest('to must not be before from');
    if (q.to > addDaysToDate(q.from, MAX_RANGE_DAYS - 1)) throw badRequest(`At most ${MAX_RANGE_DAYS} days at once`);
    const now = new Date();
    const input = await loadAvailabilityInput(app.db, q.from, q.to, now);
    const days: (AvailabilityResponse & { date: string })[] = [];
    for (let d = q.from; d <= q.to; d = addDaysToDate(d, 1)) {
      const timeSlots = daySlots(d, input, policy(q.duration), now);
      days.push({ date: d, available: timeSlots.length > 0, timeSlots });
    }
    return { from: q.from, to: q.to, duration: q.duration, days };
  });
}
