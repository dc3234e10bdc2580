/**
 * The server renderer of the public pages (dist/ssr/entry-server.js, built by scripts/build.mjs
 * from src/client/entry-server.tsx): the HTML of #root, so the first paint already holds the
 * page and the browser only hydrates it (decision 010). Optional: without the file (an API-only
 * run) or when a render fails, the page is sent empty and the browser renders it as before.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { isServerRenderedAdminPath, type AdminPageData } from '@shared/admin-page';
import type { InitialData } from '@shared/site';

export type RenderPage = (url: string, data: InitialData, admin?: AdminPageData | null) => Promise<string>;

/** The pages visitors land on. Token pages and the 404 page need the browser's data anyway. */
const SERVER_RENDERED_PATHS = new Set(['/', '/booking', '/review']);

export function isServerRendered(url: string): boolean {
  return SERVER_RENDERED_PATHS.has(url.split(/[?#]/)[0]!);
}

/** Her client's page (decision 022) and Today (033): rendered only with her session's data, never stored by a cache. */
export function isServerRenderedAdminPage(url: string): boolean {
  return isServerRenderedAdminPath(url.split(/[?#]/)[0]!);
}

/** The render function, or null when the renderer was not built (or cannot load). */
export async function loadServerRenderer(clientDir: string, log: FastifyBaseLogger): Promise<RenderPage | null> {
  const file = path.join(clientDir, '..', 'ssr', 'entry-server.js');
  if (!fs.existsSync(file)) return null;
  try {
    const module = (await import(pathToFileURL(file).href)) as { render: RenderPage };
    return module.render;
  } catch (err) {
    log.warn({ err, file }, 'the server renderer did not load: public pages are rendered in the browser');
    return null;
  }
}

/**
 * The page with its built stylesheets written inline, for the server-rendered pages: the first
 * paint then needs the HTML alone, not a second round trip for the CSS (decision 010). The CSP
 * already allows inline styles (security.ts). A stylesheet that cannot be read stays a link.
 */
export function inlineStylesheets(page: string, clientDir: string): string {
  return page.replace(/<link rel="stylesheet"[^>]*\bhref="\/(assets\/[^"]+\.css)"[^>]*>/g, (link, file: string) => {
    const full = path.join(clientDir, file);
    if (!fs.existsSync(full)) return link;
    // A '</style' inside the CSS (never written by Tailwind) would end the element early.
    const css = fs.readFileSync(full, 'utf8').replace(/<\/style/gi, '<\\/style');
    return `<style>${css}</style>`;
  });
}

/** The entry's tag in the built index.html (Vite writes exactly this). */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;

/**
 * The script that asks for the entry once the page has painted (decision 022): a server-rendered admin page paints
 * from its HTML alone, and Lighthouse's simulation counts every script that arrives and runs before that paint (a
 * module script in the head does: it runs when parsing ends). The fallback timer covers a tab that never paints a frame
 * (in the background). It runs by the page's CSP nonce (security.ts), like the theme bootstrap. The page's stylesheet
 * is inline whole (decision 033), so there is no sheet to wait for.
 */
export function paintFirstLoader(entrySrc: string): string {
  return (
    '(function(){var done=false;function go(){if(done)return;done=true;var e=document.createElement("script");' +
    `e.type="module";e.src=${JSON.stringify(entrySrc)};e.crossOrigin="";document.head.appendChild(e)}` +
    'requestAnimationFrame(function(){setTimeout(go)});setTimeout(go,1000)})();'
  );
}

/** The page with its entry asked for after the first paint instead of from the head; unchanged without the tag. */
export function withEntryAfterPaint(page: string): string {
  const src = ENTRY_SCRIPT.exec(page)?.[1];
  if (!src) return page;
  return page.replace(ENTRY_SCRIPT, () => `<script>${paintFirstLoader(src)}</script>`);
}
