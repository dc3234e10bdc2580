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
import { INITIAL_DATA_ELEMENT_ID } from '@shared/site';
import { escapeHtml } from '../escape-html';
import { loadInitialData, scriptSafeJson } from '../modules/site/initial-data';

const NOT_FOUND_PER_MINUTE = 120;
const ADMIN_ROBOTS = 'noindex, nofollow';
const ADMIN_ROBOTS_META = `<meta name="robots" content="${ADMIN_ROBOTS}" />`;

/** /admin and everything under it (not /administrator-notes or similar). */
const isAdminPath = (url: string) => /^\/admin(?:[/?#]|$)/.test(url);

export async function registerClientAndNotFound(app: FastifyInstance): Promise<void> {
  const dir = app.config.clientDir;
  const hasClient = dir !== null && fs.existsSync(path.join(dir, 'index.html'));
  // index.html is read once; each page gets it with the current data inlined.
  const template = hasClient ? fs.readFileSync(path.join(dir, 'index.html'), 'utf8') : '';
  // The practice's own name and tagline, so the tab and search results read right before any script runs.
  const { name, tagline } = app.config.practice;
  const page = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(name)}</title>`)
    .replace(/(<meta name="description" content=")[^"]*(")/, `$1${escapeHtml(tagline)}$2`);
  const renderPage = async (url: string) => {
    const data = scriptSafeJson(await loadInitialData(app.db, app.config));
    const block = `<script id="${INITIAL_DATA_ELEMENT_ID}" type="application/json">${data}</script>`;
    // docs/product.md §2: the admin pages are noindex/nofollow, in the HTML itself (the header says it too).
    const robots = isAdminPath(url) ? ADMIN_ROBOTS_META : '';
    return page.replace('</head>', `${robots}${block}</head>`);
  };
  if (!hasClient) app.log.warn({ dir }, 'no built client found: serving the API only (run `npm run build`)');

  if (hasClient) {
    await app.register(fastifyStatic, {
      root: dir,
      wildcard: false,
      index: false,
      // index.html is only served with its data inlined (below).
      allowedPath: (pathName) => pathName !== '/index.html',
      // Cache headers are ours (setHeaders), not the plugin's default max-age=0.
      cacheControl: false,
      // The build writes .br and .gz beside each asset (scripts/build.mjs); they are sent when accepted.
      preCompressed: true,
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
        if (isAdminPath(request.url)) reply.header('x-robots-tag', ADMIN_ROBOTS);
        return reply.type('text/html; charset=utf-8').send(await renderPage(request.url));
      }
      return reply.code(404).send({ message: 'Not found' });
    },
  );
}
