import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messageAnswerSchema } from '@shared/schemas/message';
import { REVIEW_HONEYPOT_FIELD } from '@shared/constants';
import { adminReviewInputSchema, publicReviewInputSchema, reviewSchema } from '@shared/schemas/review';
import { HOUR_MS } from '@shared/time';
import { notFound } from '../../http/errors';
import { jsonText } from '../../http/json-text';
import { createRateLimiter } from '../../http/rate-limiter';
import { createReviewsRepository } from './repository';
import { defineRoute, idParams } from '../../http/route';

/** A person rarely reviews more than once; this stops floods from one address. */
export const REVIEWS_PER_IP_PER_HOUR = 5;
export const REVIEW_RECEIVED = 'Thank you! Your review has been submitted.';

const listQuerySchema = z.object({ featured: z.enum(['true', 'false']).optional() });

export async function reviewsRoutes(app: FastifyInstance): Promise<void> {
  const repo = createReviewsRepository(app.db);
  const limiter = createRateLimiter(app.db);

  // All reviews read once, and the three answers serialised from them, served from memory
  // (docs/performance.md); a write drops them, and so does the change feed.
  const lists = () =>
    app.publicCache.get('reviews', ['reviews'], async () => {
      const all = await repo.list({ includeHidden: true });
      return { all: jsonText(all), featured: jsonText(all.filter((r) => r.featured && !r.hidden)) };
    });
  const changed = () => app.publicCache.invalidate('reviews');

  // What the public sees is what she featured (docs/product.md §2 Reviews page, §6: a submitted review is not
  // shown until she features it, docs/security.md): a visitor's list is the featured ones that are not hidden, whatever
  // is asked; her list (signed in, without featured=true) is every review, hidden ones included.
  defineRoute(app, {
    method: 'GET',
    url: '/api/reviews',
    access: 'public',
    summary: 'Reviews',
    description:
      'Without a session, or with featured=true: the featured reviews that are not hidden (the home and reviews ' +
      'pages). A signed-in administrator without featured=true: every review, hidden and unfeatured ones included.',
    query: listQuerySchema,
    response: { 200: z.array(reviewSchema) },
    async handler({ query }, request) {
      const json = await lists();
      return request.user !== null && query.featured !== 'true' ? json.all : json.featured;
    },
  });

  // Public submissions wait, unfeatured, for the therapist to feature them.
  defineRoute(app, {
    method: 'POST',
    url: '/api/reviews',
    access: 'public',
    summary: 'Leave a review',
    description: 'Stored unfeatured until the therapist features it. Limited per address per hour.',
    body: publicReviewInputSchema,
    response: { 201: messageAnswerSchema },
    returns: 'Received',
    errors: ['RATE_LIMITED'],
    async handler({ body: input }, request, reply) {
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
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/reviews',
    access: 'admin',
    summary: 'Add a review by hand',
    body: adminReviewInputSchema,
    response: { 201: reviewSchema },
    returns: 'The new review',
    async handler({ body }, _request, reply) {
      const created = await repo.create(body);
      changed();
      reply.code(201);
      return created;
    },
  });

  // docs/product.md §2 "Start fresh": a review she does not want (the demo's, a spam one) can go for good, not only be
  // hidden.
  defineRoute(app, {
    method: 'DELETE',
    url: '/api/reviews/:id',
    access: 'admin',
    summary: 'Delete a review',
    params: idParams,
    response: { 204: z.void() },
    returns: 'Deleted',
    errors: ['REVIEW_NOT_FOUND'],
    async handler({ params }, request) {
      const removed = await repo.remove(params.id);
      if (!removed) throw notFound('REVIEW_NOT_FOUND', 'Review not found');
      changed();
      request.log.info({ event: 'review_deleted', reviewId: params.id }, 'review deleted by the admin');
    },
  });

  for (const flag of ['featured', 'hidden'] as const) {
    defineRoute(app, {
      method: 'PATCH',
      url: `/api/reviews/:id/${flag}`,
      access: 'admin',
      summary: `Turn a review's ${flag} flag on or off`,
      params: idParams,
      response: { 200: reviewSchema },
      returns: 'The review as saved',
      errors: ['REVIEW_NOT_FOUND'],
      async handler({ params }) {
        const review = await repo.toggle(params.id, flag);
        changed();
        if (!review) throw notFound('REVIEW_NOT_FOUND', 'Review not found');
        return review;
      },
    });
  }
}
