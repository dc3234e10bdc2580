/**
 * Security at the edge: headers with a strict Content-Security-Policy, and refusal of
 * state-changing requests from other sites (CSRF).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
// The package @fastify/helmet wraps (its own dependency): used directly to build the middleware once.
import helmet from 'helmet';
import type { AppConfig } from '../config';
import { apiError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_SITE_MESSAGE = 'Cross-site request refused';

/**
 * A fresh nonce per response for the page's inline scripts (the theme bootstrap, the shield's key guard, the entry
 * loaders): static-client.ts writes it on each `<script>` of the page it sends, so the CSP needs no 'unsafe-inline'
 * and no hash per script. A page the admin worker keeps keeps its header with it, so the pair still matches offline.
 */
const NONCE = Symbol('csp-nonce');
type NonceCarrier = ServerResponse & { [NONCE]?: string };
export const cspNonce = (reply: FastifyReply): string => (reply.raw as NonceCarrier)[NONCE] ?? '';

/** Third-party origins the page may use, only for what is configured (maps, analytics). */
export function thirdPartySources(config: AppConfig): {
  script: string[];
  connect: string[];
  img: string[];
  style: string[];
  font: string[];
} {
  const src = {
    script: [] as string[],
    connect: [] as string[],
    img: [] as string[],
    style: [] as string[],
    font: [] as string[],
  };
  if (config.travel.googleMapsApiKey) {
    src.script.push('https://maps.googleapis.com');
    src.connect.push('https://maps.googleapis.com', 'https://places.googleapis.com');
    src.img.push('https://maps.gstatic.com', 'https://maps.googleapis.com');
    src.style.push('https://fonts.googleapis.com');
    src.font.push('https://fonts.gstatic.com');
  }
  const analytics = config.analytics;
  if (analytics?.provider === 'plausible') {
    const origin = new URL(analytics.scriptUrl).origin;
    src.script.push(origin);
    src.connect.push(origin);
  } else if (analytics?.provider === 'ga4') {
    src.script.push('https://www.googletagmanager.com');
    src.connect.push(
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://www.googletagmanager.com',
    );
    src.img.push('https://*.google-analytics.com', 'https://www.googletagmanager.com');
  }
  return src;
}

/**
 * The request names an Origin that is neither the configured public origin nor the one it was
 * sent to. Writes are refused for it everywhere (below); admin reads too (route-access.ts).
 */
export function hasForeignOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  return origin !== originOf(request.server.config.publicUrl) && origin !== `${request.protocol}://${request.host}`;
}

/** The configured public URL's origin, parsed once per URL rather than on every request. */
const origins = new Map<string, string>();
function originOf(publicUrl: string): string {
  let origin = origins.get(publicUrl);
  if (origin === undefined) origins.set(publicUrl, (origin = new URL(publicUrl).origin));
  return origin;
}

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  const https = app.config.publicUrl.startsWith('https:');
  const extra = thirdPartySources(app.config);
  const options: FastifyHelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          (_req: IncomingMessage, res: ServerResponse) => `'nonce-${(res as NonceCarrier)[NONCE]}'`,
          ...extra.script,
        ],
        // Radix UI positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'", ...extra.style],
        imgSrc: ["'self'", 'data:', ...extra.img],
        fontSrc: ["'self'", 'data:', ...extra.font],
        connectSrc: ["'self'", ...extra.connect],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only makes sense (and is only honoured) over HTTPS.
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    crossOriginEmbedderPolicy: false,
  };
  // The plugin keeps its reply.helmet() decorator and per-route options, but its global hook would
  // build helmet's middleware again (parsing the CSP) on every request: about a tenth of a cached
  // public GET's CPU (docs/performance.md). The same headers from one middleware built once instead.
  await app.register(fastifyHelmet, { ...options, global: false });
  // Both packages describe the same options (their type declarations are separate copies).
  const applyHeaders = helmet(options as Parameters<typeof helmet>[0]);
  app.addHook('onRequest', (request, reply, done) => {
    (reply.raw as NonceCarrier)[NONCE] = randomBytes(16).toString('base64');
    applyHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
  });

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.headers.origin) {
      if (hasForeignOrigin(request)) throw apiError('CROSS_SITE_REQUEST', CROSS_SITE_MESSAGE);
      return;
    }
    // Browsers that send no Origin still say where the request came from.
    if (request.headers['sec-fetch-site'] === 'cross-site') throw apiError('CROSS_SITE_REQUEST', CROSS_SITE_MESSAGE);
  });
}
