/**
 * Serves the built React client: hashed assets cached for a year, index.html never
 * cached, and client routes (/booking, /admin/...) answered with index.html.
 * Unknown /api paths get a JSON 404, rate-limited so probing is slow.
 */
import type { ApiErrorBody } from '@shared/api-error';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AdminPageData } from '@shared/admin-page';
import {
  ADMIN_APP_SCOPE,
  ADMIN_MANIFEST_URL,
  ADMIN_SW_URL,
  ADMIN_THEME,
  SERVER_RENDERED_HEADER,
} from '@shared/admin-app';
import { ADMIN_PAGE_DATA_ELEMENT_ID, HYDRATION_SHIELD_ID, INITIAL_DATA_ELEMENT_ID } from '@shared/constants';
import type { LogoRef } from '@shared/logo';
import type { InitialData } from '@shared/site';
import { escapeHtml, scriptSafeJson } from '../escape-html';
import { appleTouchIconLink, faviconLink } from './page-icons';
import { redactPath } from './redact';
import { cspNonce } from './security';
import {
  inlineStylesheets,
  isServerRendered,
  isServerRenderedAdminPage,
  loadServerRenderer,
  withEntryAfterPaint,
} from './server-render';
import { PAGE_RETRY_SECONDS, pageOrUnavailable } from './unavailable-page';

const NOT_FOUND_PER_MINUTE = 120;
const ADMIN_ROBOTS = 'noindex, nofollow';
const ADMIN_ROBOTS_META = `<meta name="robots" content="${ADMIN_ROBOTS}" />`;
/**
 * The admin area is an installable app (decision 026): its manifest, icon and dark toolbar colour are in
 * the admin pages only, so no public page is installable or controlled by its service worker. The icon is her
 * logo's once she has one (docs/product.md §19), so it is written at each page (page-icons.ts).
 */
const adminAppHead = (logo: LogoRef | null) =>
  `<link rel="manifest" href="${ADMIN_MANIFEST_URL}" />` +
  appleTouchIconLink(logo) +
  `<meta name="theme-color" media="(prefers-color-scheme: dark)" content="${ADMIN_THEME.dark}" />` +
  '<meta name="apple-mobile-web-app-capable" content="yes" />';

/** The tab's icon: her logo's when she has one, else the site's own (the template's link). */
const withFavicon = (html: string, logo: LogoRef | null) =>
  logo ? html.replace(/<link rel="icon"[^>]*>/, () => faviconLink(logo)) : html;

/**
 * The page compressed when the browser accepts it: with the server-rendered body it is ~50 kB,
 * a few hundred milliseconds on a phone's connection uncompressed. Brotli at quality 5 costs
 * about a millisecond here. (The hashed assets are sent as their pre-compressed copies.)
 */
function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    const body = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted))
    return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(html, { level: 6 }));
  return reply.send(html);
}

/** /admin and everything under it (not /administrator-notes or similar). */
const isAdminPath = (url: string) => /^\/admin(?:[/?#]|$)/.test(url);

export interface ClientPageOptions {
  /** The data inlined into every page (modules/site/initial-data.ts; app.ts passes it in). */
  initialData: () => Promise<InitialData>;
  /**
   * Her client's page's data for this request (decision 022): null without a valid session or for a client that
   * does not exist, and then the page is the same empty shell as any admin page. app.ts passes it in (infra reads no
   * module).
   */
  adminPageData?: (request: FastifyRequest) => Promise<AdminPageData | null>;
}

/** The practice's own name and tagline, so the tab and search results read right before any script runs. */
function withPracticeHead(html: string, practice: { name: string; tagline: string }): string {
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(practice.name)}</title>`)
    .replace(/(<meta name="description" content=")[^"]*(")/, (_m, open: string, close: string) => {
      return `${open}${escapeHtml(practice.tagline)}${close}`;
    });
}

/** The server-rendered page is hers alone: no cache, shared or the browser's own, keeps it. */
const PRIVATE_PAGE_CACHE = 'no-store, private';

export async function registerClientAndNotFound(app: FastifyInstance, options: ClientPageOptions): Promise<void> {
  const dir = app.config.clientDir;
  const hasClient = dir !== null && fs.existsSync(path.join(dir, 'index.html'));
  // index.html is read once; each page gets it with the current data inlined.
  const template = hasClient ? fs.readFileSync(path.join(dir, 'index.html'), 'utf8') : '';
  // The practice's own name and tagline go in at each page (withPracticeHead): she changes them in Settings
  // (docs/product.md §19).
  const page = template;
  const serverRender = hasClient ? await loadServerRenderer(dir, app.log) : null;
  // Three shells (decision 033): `page` for every page the server does not draw (the stylesheet linked, cached a
  // year; the entry in the head), and the two below.
  // The public landing pages drawn by the server (issue 14): they paint from their HTML alone, the whole sheet inline.
  const renderedPage = serverRender && dir ? inlineStylesheets(page, dir) : page;
  // Her pages drawn for her session, Today and her client's (decisions 022, 033): the whole sheet inline too, and the
  // entry asked for after the first paint, which is then the page's alone on her phone.
  const renderedAdminPage = dir ? inlineStylesheets(withEntryAfterPaint(page), dir) : page;
  /** The page around a render. */
  const shellFor = (body: string, admin: AdminPageData | null): string => {
    if (!body) return page;
    return admin ? renderedAdminPage : renderedPage;
  };
  const renderPage = async (url: string, admin: AdminPageData | null, nonce: string) => {
    const initialData = await options.initialData();
    const block = `<script id="${INITIAL_DATA_ELEMENT_ID}" type="application/json">${scriptSafeJson(initialData)}</script>`;
    // docs/product.md §2: the admin pages are noindex/nofollow, in the HTML itself (the header says it too).
    const logo = app.config.logo.current;
    const robots = isAdminPath(url) ? ADMIN_ROBOTS_META + adminAppHead(logo) : '';
    // The public landing pages come rendered from the same data (the browser hydrates them).
    let body = '';
    if (serverRender && (admin || isServerRendered(url))) {
      try {
        body = await serverRender(url, initialData, admin);
      } catch (err) {
        app.log.warn({ err, url: redactPath(url) }, 'server rendering failed: the browser renders the page');
      }
    }
    // The answers the rendered page was drawn from, so that the browser hydrates the same without asking again.
    const adminBlock =
      body && admin
        ? `<script id="${ADMIN_PAGE_DATA_ELEMENT_ID}" type="application/json">${scriptSafeJson(admin)}</script>`
        : '';
    // Replacer functions: page text such as '$80.00' must not be read as a replacement pattern.
    // Under the hydration shield until the browser has hydrated it (main.tsx): no tap or key reaches a page that cannot
    // answer yet (HYDRATION_SHIELD_ID; index.html holds the keys back).
    const root = body
      ? `<div id="root">${body}</div><div id="${HYDRATION_SHIELD_ID}" aria-hidden="true"></div>`
      : '<div id="root"></div>';
    // Every script of the shell carries this response's CSP nonce (security.ts); the data and the body go in after.
    const shell = shellFor(body, admin).replaceAll('<script', () => `<script nonce="${nonce}"`);
    return withFavicon(withPracticeHead(shell, app.config.practice), logo)
      .replace('</head>', () => `${robots}${block}${adminBlock}</head>`)
      .replace('<div id="root"></div>', () => root);
  };
  /** Her session's data for her client's page, when the server can render it; null for everything else. */
  const adminPageData = async (request: FastifyRequest): Promise<AdminPageData | null> => {
    if (!serverRender || !options.adminPageData || !isServerRenderedAdminPage(request.url)) return null;
    try {
      return await options.adminPageData(request);
    } catch (err) {
      app.log.warn({ err, url: redactPath(request.url) }, 'the admin page could not be read: the browser renders it');
      return null;
    }
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
        // The admin app's service worker (decision 026) controls /admin and /admin/..., and answers nothing else. Its
        // file is the .br or .gz copy when the browser accepts one: the header goes on those too.
        if (filePath.replace(/\.(?:br|gz)$/, '').endsWith(path.join(...ADMIN_SW_URL.split('/'))))
          res.setHeader('service-worker-allowed', ADMIN_APP_SCOPE);
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
        const admin = await adminPageData(request);
        reply.header('cache-control', admin ? PRIVATE_PAGE_CACHE : 'no-cache');
        // Hers alone: the admin app's worker keeps the signed-out shell of this URL instead (decision 033).
        if (admin) reply.header(SERVER_RENDERED_HEADER, '1');
        if (isAdminPath(request.url)) reply.header('x-robots-tag', ADMIN_ROBOTS);
        const { status, html } = await pageOrUnavailable(
          () => renderPage(request.url, admin, cspNonce(reply)),
          app.config.practice.name,
        );
        if (status !== 200)
          reply.code(status).header('retry-after', String(PAGE_RETRY_SECONDS)).header('cache-control', 'no-store');
        return sendHtml(request, reply, html);
      }
      return reply.code(404).send({ code: 'NOT_FOUND', message: 'Not found' } satisfies ApiErrorBody);
    },
  );
}
