import type { FastifyInstance } from 'fastify';
import { siteConfig } from './initial-data';

export async function siteRoutes(app: FastifyInstance): Promise<void> {
  const site = siteConfig(app.config);
  // The same settings index.html carries inline, for the dev server (which serves its own index.html).
  app.get('/api/site', async () => site);
}
