import type { FastifyInstance } from 'fastify';
import { siteConfigSchema } from '@shared/site';
import { jsonText } from '../../http/json-text';
import { siteConfig } from './initial-data';
import { defineRoute } from '../../http/route';

export async function siteRoutes(app: FastifyInstance): Promise<void> {
  // Fixed for the life of the process: serialised once.
  const json = jsonText(siteConfig(app.config));
  // The same settings index.html carries inline, for the dev server (which serves its own index.html).
  defineRoute(app, {
    method: 'GET',
    url: '/api/site',
    summary: 'Site settings the browser needs (analytics, maps)',
    response: { 200: siteConfigSchema },
    handler: async () => json,
  });
}
