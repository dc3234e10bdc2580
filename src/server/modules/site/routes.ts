import type { FastifyInstance } from 'fastify';
import { sendJsonText } from '../../http/json-text';
import { siteConfig } from './initial-data';
import { docs } from '../../http/openapi/route-docs';

export async function siteRoutes(app: FastifyInstance): Promise<void> {
  // Fixed for the life of the process: serialised once.
  const json = JSON.stringify(siteConfig(app.config));
  // The same settings index.html carries inline, for the dev server (which serves its own index.html).
  app.get(
    '/api/site',
    { config: docs({ summary: 'Site settings the browser needs (analytics, maps)' }) },
    async (_request, reply) => sendJsonText(reply, json),
  );
}
