import type { FastifyInstance } from 'fastify';
import { sendJsonText } from '../../http/json-text';
import { publicPracticeInfo } from '../../practice-profile';
import { docs } from '../../http/openapi/route-docs';

export async function practiceRoutes(app: FastifyInstance): Promise<void> {
  // Fixed for the life of the process: serialised once.
  const json = JSON.stringify(publicPracticeInfo(app.config.practice, app.config.travel.feeCents));
  app.get(
    '/api/practice',
    { config: docs({ summary: 'The practice: name, therapist, contact details, local towns, travel fee' }) },
    async (_request, reply) => sendJsonText(reply, json),
  );
}
