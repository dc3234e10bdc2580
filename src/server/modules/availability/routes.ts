import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEFAULT_DURATION_MINUTES, LIMITS, MIN_DURATION_MINUTES } from '@shared/constants';
import type { AvailabilityRangeResponse, AvailabilityResponse } from '@shared/schemas/booking';
import { isValidDateString } from '@shared/time';
import { parseDateRange } from '../../http/date-range';
import { parseInput } from '../../http/validate';
import { loadOfferedSlots } from './offered-slots';

const dateField = (label: string) => z.string({ error: `${label} is required` }).refine(isValidDateString, `${label} must be a date (yyyy-MM-dd)`);
const duration = z.coerce
  .number()
  .int('Duration must be a whole number of minutes')
  .min(MIN_DURATION_MINUTES, `Duration must be at least ${MIN_DURATION_MINUTES} minutes`)
  .max(LIMITS.maxDurationMinutes, `Duration must be at most ${LIMITS.maxDurationMinutes} minutes`)
  .default(DEFAULT_DURATION_MINUTES);

const dayParams = z.object({ date: dateField('Date') });
const dayQuery = z.object({ duration });
const rangeQuery = z.object({ from: dateField('from'), to: dateField('to'), duration });

export async function availabilityRoutes(app: FastifyInstance): Promise<void> {
  const offered = (range: { from: string; to: string }, minutes: number) =>
    loadOfferedSlots(app.db, app.config.booking, range, minutes, new Date());

  app.get('/api/availability/:date', async (request): Promise<AvailabilityResponse> => {
    const { date } = parseInput(dayParams, request.params);
    const { duration } = parseInput(dayQuery, request.query);
    const [day] = await offered({ from: date, to: date }, duration);
    return { available: day!.available, timeSlots: day!.timeSlots };
  });

  // Every date's status in one request, so the calendar can disable dates without a call per day.
  app.get('/api/availability', async (request): Promise<AvailabilityRangeResponse> => {
    const { from, to, duration } = parseDateRange(rangeQuery, request.query, { from: 'from', to: 'to' });
    return { from, to, duration, days: await offered({ from, to }, duration) };
  });
}
