/**
 * Security at the edge: headers with a strict Content-Security-Policy, and refusal of
 * state-changing requests from other sites (CSRF).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_SITE_MESSAGE = 'Cross-site request refused';

/**
 * sha256 sources for the inline scripts of the built index.html (the theme bootstrap
 * that runs before first paint), so the CSP needs no 'unsafe-inline' for scripts.
 */
export function inlineScriptHashes(clientDir: string | null): string[] {
  if (!clientDir) return [];
  const file = path.join(clientDir, 'index.html');
  if (!fs.existsSync(file)) return [];
  const html = fs.readFileSync(file, 'utf8');
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.push(`'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`);
  }
  return hashes;
}

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  const https = app.config.publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(app.config.clientDir)],
        // Radix UI positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
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
  });

  const ownOrigin = new URL(app.config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin) {
      // The configured public origin, or the origin the request itself was sent to.
      if (origin !== ownOrigin && origin !== `${request.protocol}://${request.host}`) throw forbidden(CROSS_SITE_MESSAGE);
      return;
    }
    // Browsers that send no Origin still say where the request came from.
    if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden(CROSS_SITE_MESSAGE);
  });
}
