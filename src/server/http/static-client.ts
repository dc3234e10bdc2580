/**
 * Serves the built React client: hashed assets cached for a year, index.html never
 * cached, and client routes (/booking, /admin/...) answered with index.html.
 * Unknown /api paths get a JSON 404, rate-limited so probing is slow.
 */
import fs from 'node:fs';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const NOT_FOUND_PER_MINUTE = 120;

export async function registerClientAndNotFound(app: FastifyInstance): Promise<void> {
  const dir = app.config.clientDir;
  const hasClient = dir !== null && fs.existsSync(path.join(dir, 'index.html'));
  if (!hasClient) app.log.warn({ dir }, 'no built client found: serving the API only (run `npm run build`)');

  if (hasClient) {
    await app.register(fastifyStatic, {
      root: dir,
      wildcard: false,
      index: false,
      // Cache headers are ours (setHeaders), not the plugin's default max-age=0.
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  await app.register(rateLimit, { global: false });
  app.setNotFoundHandler(
    { preHandler: app.rateLimit({ max: NOT_FOUND_PER_MINUTE, timeWindow: '1 minute' }) },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const isPageRequest =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !request.url.startsWith('/api/') &&
        !request.url.startsWith('/assets/');
      if (hasClient && isPageRequest) {
        // The client router decides what the page shows (including its 404 page).
        reply.header('cache-control', 'no-cache');
        return reply.sendFile('index.html');
      }
      return reply.code(404).send({ message: 'Not found' });
    },
  );
}
