import type { FastifyInstance } from 'fastify';
import { sendJsonText } from '../../http/json-text';
import { publicPracticeInfo } from '../../practice-profile';

export async function practiceRoutes(app: FastifyInstance): Promise<void> {
  // Fixed for the life of the process: serialised once.
  const json = JSON.stringify(publicPracticeInfo(app.config.practice, app.config.travel.feeCents));
  app.get('/api/practice', async (_request, reply) => sendJsonText(reply, json));
}
