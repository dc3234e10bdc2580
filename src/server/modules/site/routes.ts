import type { FastifyInstance } from 'fastify';
import { siteConfigSchema } from '@shared/site';
import { siteConfig, staticSiteConfig } from './initial-data';
import { defineRoute } from '../../http/route';

export async function siteRoutes(app: FastifyInstance): Promise<void> {
  // What the configuration decides is fixed for the life of the process; whether texts are on follows her Settings.
  const fixed = staticSiteConfig(app.config);
  // The same settings index.html carries inline, for the dev server (which serves its own index.html).
  defineRoute(app, {
    method: 'GET',
    url: '/api/site',
    access: 'public',
    summary: 'Site settings the browser needs (analytics, maps, whether texts are offered)',
    response: { 200: siteConfigSchema },
    handler: () => siteConfig(app.db, app.config, fixed),
  });
}
