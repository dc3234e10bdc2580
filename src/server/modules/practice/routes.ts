import type { FastifyInstance } from 'fastify';
import { practiceInfoSchema } from '@shared/practice';
import { jsonText } from '../../http/json-text';
import { publicPracticeInfo } from '../../practice-profile';
import { defineRoute } from '../../http/route';

export async function practiceRoutes(app: FastifyInstance): Promise<void> {
  // Fixed for the life of the process: serialised once.
  const { practice, travel, retention, booking } = app.config;
  const json = jsonText(
    publicPracticeInfo(practice, travel.feeCents, { retention, changeCutoffHours: booking.changeCutoffHours }),
  );
  defineRoute(app, {
    method: 'GET',
    url: '/api/practice',
    summary: 'The practice: name, therapist, contact details, local towns, travel fee',
    response: { 200: practiceInfoSchema },
    handler: async () => json,
  });
}
