import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminReviewInputSchema, publicReviewInputSchema, REVIEW_HONEYPOT_FIELD } from '@shared/schemas/review';
import { HOUR_MS } from '@shared/time';
import { notFound } from '../../http/errors';
import { sendJsonText } from '../../http/json-text';
import { createRateLimiter } from '../../http/rate-limiter';
import { parseIdParam, parseInput } from '../../http/validate';
import { createReviewsRepository } from './repository';
import { docs } from '../../http/openapi/route-docs';

/** A person rarely reviews more than once; this stops floods from one address. */
export const REVIEWS_PER_IP_PER_HOUR = 5;
export const REVIEW_RECEIVED = 'Thank you! Your review has been submitted.';

const listQuerySchema = z.object({ featured: z.enum(['true', 'false']).optional() });

export async function reviewsRoutes(app: FastifyInstance): Promise<void> {
  const repo = createReviewsRepository(app.db);
  const limiter = createRateLimiter(app.db);

  // All reviews read once, and the three answers serialised from them, served from memory
  // (issue 14); a write drops them, and so does the change feed.
  const lists = () =>
    app.publicCache.get('reviews', ['reviews'], async () => {
      const all = await repo.list({ includeHidden: true });
      const visible = all.filter((r) => !r.hidden);
      return {
        all: JSON.stringify(all),
        visible: JSON.stringify(visible),
        featured: JSON.stringify(visible.filter((r) => r.featured)),
      };
    });
  const changed = () => app.publicCache.invalidate('reviews');

  // Featured (and not hidden) for the home page; all for an admin; visible ones otherwise.
  app.get(
    '/api/reviews',
    {
      config: docs({
        summary: 'Reviews',
        description:
          'featured=true: featured and visible (the home page). Otherwise the visible ones, or all of them for a signed-in administrator.',
        query: listQuerySchema,
      }),
    },
    async (request, reply) => {
      const { featured } = parseInput(listQuerySchema, request.query);
      const json = await lists();
      if (featured === 'true') return sendJsonText(reply, json.featured);
      return sendJsonText(reply, request.user !== null ? json.all : json.visible);
    },
  );

  // Public submissions wait, unfeatured, for the therapist to feature them.
  app.post(
    '/api/reviews',
    {
      config: docs({
        summary: 'Leave a review',
        description: 'Stored unfeatured until the therapist features it. Limited per address per hour.',
        body: publicReviewInputSchema,
        responses: { 201: 'Received', 429: 'Too many reviews from this address' },
      }),
    },
    async (request, reply) => {
      const input = parseInput(publicReviewInputSchema, request.body);
      reply.code(201);
      // A filled honeypot is a bot: answer as if all went well, store nothing.
      if (input[REVIEW_HONEYPOT_FIELD]) {
        request.log.info({ event: 'review_honeypot' }, 'review dropped by honeypot');
        return { message: REVIEW_RECEIVED };
      }
      const message = 'Too many reviews from this address. Please try again later.';
      await limiter.limit(`review:ip:${request.ip}`, HOUR_MS, REVIEWS_PER_IP_PER_HOUR, message);
      await repo.create({ name: input.name, rating: input.rating, comment: input.comment, featured: false });
      changed();
      return { message: REVIEW_RECEIVED };
    },
  );

  app.post(
    '/api/admin/reviews',
    {
      config: docs({
        summary: 'Add a review by hand',
        body: adminReviewInputSchema,
        responses: { 201: 'The new review' },
      }),
    },
    async (request, reply) => {
      const input = parseInput(adminReviewInputSchema, request.body);
      const created = await repo.create(input);
      changed();
      reply.code(201);
      return created;
    },
  );

  for (const flag of ['featured', 'hidden'] as const) {
    app.patch(
      `/api/reviews/:id/${flag}`,
      {
        config: docs({ summary: `Turn a review's ${flag} flag on or off`, responses: { 200: 'The review as saved' } }),
      },
      async (request) => {
        const id = parseIdParam(request.params);
        const review = await repo.toggle(id, flag);
        changed();
        if (!review) throw notFound('REVIEW_NOT_FOUND', 'Review not found');
        return review;
      },
    );
  }
}
