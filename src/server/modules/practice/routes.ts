import type { FastifyInstance } from 'fastify';
import { publicPracticeInfo } from '../../practice-profile';

export async function practiceRoutes(app: FastifyInstance): Promise<void> {
  const info = publicPracticeInfo(app.config.practice, app.config.travel.feeCents);
  app.get('/api/practice', async () => info);
}
