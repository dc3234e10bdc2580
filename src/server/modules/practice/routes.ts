import type { FastifyInstance } from 'fastify';
import { practiceInfoSchema } from '@shared/practice';
import { publicPracticeInfo } from '../../practice-profile';
import { defineRoute } from '../../http/route';

export async function practiceRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, {
    method: 'GET',
    url: '/api/practice',
    access: 'public',
    summary: 'The practice: name, therapist, contact details, local towns, travel fees and service area',
    response: { 200: practiceInfoSchema },
    // Read at each request: her Settings change these while the server runs (docs/product.md §19).
    handler: async () => {
      const { practice, travel, retention, booking, logo } = app.config;
      return publicPracticeInfo(
        practice,
        travel,
        { retention, changeCutoffHours: booking.changeCutoffHours },
        logo.current,
      );
    },
  });
}
