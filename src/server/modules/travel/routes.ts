import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAPS_KEY_CACHE_MS } from '@shared/constants';
import { addressSchema, travelQuoteSchema } from '@shared/schemas/booking';
import { addressSuggestionsQuerySchema, addressSuggestionsSchema, mapsKeySchema } from '@shared/site';
import { notFound } from '../../http/errors';
import { createRateLimiter } from '../../http/rate-limiter';
import { defineRoute } from '../../http/route';

/** Each quote may call a paid API: this many per address per window, then 429. */
export const TRAVEL_QUOTES_PER_IP = 60;
export const TRAVEL_WINDOW_MS = 10 * 60 * 1000;
export const MAPS_NOT_CONFIGURED = 'Maps are not configured';
/** Typing an address asks several times: this many per address per window (the geocoder's own queue also holds). */
export const SUGGESTIONS_PER_IP = 120;
/** Fewer characters than this name no address worth asking about. */
export const SUGGESTION_MIN_LENGTH = 3;

const travelRequestSchema = z.object({ address: addressSchema });

export async function travelRoutes(app: FastifyInstance): Promise<void> {
  const limiter = createRateLimiter(app.db);

  // docs/product.md §3 Travel calculation response, plus zone, isOutsideServiceArea, refused and unresolved.
  defineRoute(app, {
    method: 'POST',
    url: '/api/calculate-travel',
    access: 'public',
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

  // Decision 035: without a Google key, the address field's suggestions come from her OpenStreetMap geocoder, through
  // the server (its queue keeps the public server's one request a second; every answer is remembered).
  defineRoute(app, {
    method: 'GET',
    url: '/api/address-suggestions',
    access: 'public',
    summary: 'A few New Zealand addresses for what a visitor has typed',
    description:
      'From the OpenStreetMap geocoder (GEOCODER_URL) when the site config says addressSuggestions; an empty list otherwise, or while the geocoder is busy. Limited per address per 10 minutes.',
    query: addressSuggestionsQuerySchema,
    response: { 200: addressSuggestionsSchema },
    errors: ['RATE_LIMITED'],
    async handler({ query: { q } }, request) {
      if (q.length < SUGGESTION_MIN_LENGTH || !app.travel.offersSuggestions()) return { suggestions: [] };
      const message = 'Too many address look-ups from this address. Please try again later.';
      await limiter.limit(`suggest:ip:${request.ip}`, TRAVEL_WINDOW_MS, SUGGESTIONS_PER_IP, message);
      return { suggestions: await app.travel.suggest(q) };
    },
  });

  // The browser loads the address-autocomplete script with this key (docs/product.md §7: cached 24 hours).
  defineRoute(app, {
    method: 'GET',
    url: '/api/google-maps/key',
    access: 'public',
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
