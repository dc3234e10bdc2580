import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAPS_KEY_CACHE_MS } from '@shared/constants';
import { addressSchema, travelQuoteSchema } from '@shared/schemas/booking';
import { mapsKeySchema } from '@shared/site';
import { notFound } from '../../http/errors';
import { createRateLimiter } from '../../http/rate-limiter';
import { defineRoute } from '../../http/route';

/** Each quote may call a paid API: this many per address per window, then 429. */
export const TRAVEL_QUOTES_PER_IP = 60;
export const TRAVEL_WINDOW_MS = 10 * 60 * 1000;
export const MAPS_NOT_CONFIGURED = 'Maps are not configured';

const travelRequestSchema = z.object({ address: addressSchema });

export async function travelRoutes(app: FastifyInstance): Promise<void> {
  const limiter = createRateLimiter(app.db);

  // docs/product.md §3 Travel calculation response, plus zone, isOutsideServiceArea, refused and unresolved.
  defineRoute(app, {
    method: 'POST',
    url: '/api/calculate-travel',
    summary: 'Travel distance, time and fee for an address',
    description: 'Limited per address per 10 minutes.',
    body: travelRequestSchema,
    response: { 200: travelQuoteSchema },
    errors: ['RATE_LIMITED'],
    async handler({ body: { address } }, request) {
      const message = 'Too many travel calculations from this address. Please try again later.';
      await limiter.limit(`travel:ip:${request.ip}`, TRAVEL_WINDOW_MS, TRAVEL_QUOTES_PER_IP, message);
      return app.travel.quote(address);
    },
  });

  // The browser loads the address-autocomplete script with this key (docs/product.md §7: cached 24 hours).
  defineRoute(app, {
    method: 'GET',
    url: '/api/google-maps/key',
    summary: 'The browser key for address autocomplete',
    response: { 200: mapsKeySchema },
    errors: ['MAPS_NOT_CONFIGURED'],
    async handler(_input, _request, reply) {
      const apiKey = app.config.travel.googleMapsApiKey;
      if (!apiKey) throw notFound('MAPS_NOT_CONFIGURED', MAPS_NOT_CONFIGURED);
      reply.header('cache-control', `public, max-age=${MAPS_KEY_CACHE_MS / 1000}`);
      return { apiKey };
    },
  });
}
