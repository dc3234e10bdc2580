import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ADDRESS_MIN_LENGTH, LIMITS, MAPS_KEY_CACHE_MS } from '@shared/constants';
import { notFound, tooManyRequests } from '../../http/errors';
import { createRateLimiter } from '../../http/rate-limiter';
import { parseInput } from '../../http/validate';

/** Each quote may call a paid API: this many per address per window, then 429. */
export const TRAVEL_QUOTES_PER_IP = 60;
export const TRAVEL_WINDOW_MS = 10 * 60 * 1000;
export const INVALID_ADDRESS = 'Please enter a valid address';
export const MAPS_NOT_CONFIGURED = 'Maps are not configured';

const travelInputSchema = z.object({
  address: z
    .string({ error: INVALID_ADDRESS })
    .trim()
    .min(ADDRESS_MIN_LENGTH, INVALID_ADDRESS)
    .max(LIMITS.addressMax, INVALID_ADDRESS),
});

export async function travelRoutes(app: FastifyInstance): Promise<void> {
  const limiter = createRateLimiter(app.db);

  // SPEC §3 Travel calculation response, plus isOutsideServiceArea, refused and unresolved.
  app.post('/api/calculate-travel', async (request) => {
    const { address } = parseInput(travelInputSchema, request.body);
    const window = await limiter.hit(`travel:ip:${request.ip}`, TRAVEL_WINDOW_MS);
    if (window.count > TRAVEL_QUOTES_PER_IP) {
      throw tooManyRequests('Too many travel calculations from this address. Please try again later.', window.retryAfter);
    }
    return app.travel.quote(address);
  });

  // The browser loads the address-autocomplete script with this key (SPEC §7: cached 24 hours).
  app.get('/api/google-maps/key', async (_request, reply) => {
    const apiKey = app.config.travel.googleMapsApiKey;
    if (!apiKey) throw notFound(MAPS_NOT_CONFIGURED);
    reply.header('cache-control', `public, max-age=${MAPS_KEY_CACHE_MS / 1000}`);
    return { apiKey };
  });
}
