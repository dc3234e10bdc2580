import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminReviewInputSchema, publicReviewInputSchema, REVIEW_HONEYPOT_FIELD } from '@shared/schemas/review';
import { HOUR_MS } from '@shared/time';
import { notFound } from '../../http/errors';
import { createRateLimiter } from '../../http/rate-limiter';
import { parseIdParam, parseInput } from '../../http/validate';
import { createReviewsRepository } from './repository';

/** A person rarely reviews more than once; this stops floods from one address. */
export const REVIEWS_PER_IP_PER_HOUR = 5;
export const REVIEW_RECEIVED = 'Thank you! Your review has been submitted.';

const listQuerySchema = z.object({ featured: z.enum(['true', 'false']).optional() });

export async function reviewsRoutes(app: FastifyInstance): Promise<void> {
  const repo = createReviewsRepository(app.db);
  const limiter = createRateLimiter(app.db);

  // Featured (and not hidden) for the home page; all for an admin; visible ones otherwise.
  app.get('/api/reviews', async (request) => {
    const { featured } = parseInput(listQuerySchema, request.query);
    if (featured === 'true') return repo.list({ featuredOnly: true });
    return repo.list({ includeHidden: request.user !== null });
  });

  // Public submissions wait, unfeatured, for the therapist to feature them.
  app.post('/api/reviews', async (request, reply) => {
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
    return { message: REVIEW_RECEIVED };
  });

  app.post('/api/admin/reviews', async (request, reply) => {
    const input = parseInput(adminReviewInputSchema, request.body);
    reply.code(201);
    return repo.create(input);
  });

  for (const flag of ['featured', 'hidden'] as const) {
    app.patch(`/api/reviews/:id/${flag}`, async (request) => {
      const id = parseIdParam(request.params);
      const review = await repo.toggle(id, flag);
      if (!review) throw notFound('Review not found');
      return review;
    });
  }
}
