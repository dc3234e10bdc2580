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
/** Its stylesheet's tag (likewise). */
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*\bhref="(\/assets\/[^"]+\.css)"[^>]*>/;

/**
 * The script that asks for the entry once the page has painted (decision 022): a server-rendered admin page paints
 * from its HTML alone, and Lighthouse's simulation counts every script that arrives and runs before that paint (a
 * module script in the head does: it runs when parsing ends). The fallback timer covers a tab that never paints a frame
 * (in the background). It runs by the page's CSP nonce (security.ts), like the theme bootstrap.
 *
 * With a stylesheet (decision 029: the page inlines only its critical CSS), the full sheet is asked for at the same
 * moment and the entry runs once the sheet is in (or failed): the entry is fetched meanwhile (modulepreload), and
 * nothing the JavaScript draws (rows 31-200, dialogs) ever shows without its styles.
 */
export function paintFirstLoader(entrySrc: string, stylesheetHref?: string): string {
  const src = JSON.stringify(entrySrc);
  const start = stylesheetHref
    ? `add("link",{rel:"modulepreload",href:${src}});var l=add("link",{rel:"stylesheet",href:${JSON.stringify(stylesheetHref)}});` +
      `l.onload=l.onerror=function(){add("script",{type:"module",src:${src}})}`
    : `add("script",{type:"module",src:${src}})`;
  return (
    '(function(){var done=false,h=document.head;function add(t,a){var e=document.createElement(t);' +
    `for(var k in a)e[k]=a[k];e.crossOrigin="";h.appendChild(e);return e}function go(){if(done)return;done=true;` +
    `${start}}requestAnimationFrame(function(){setTimeout(go)});setTimeout(go,1000)})();`
  );
}

/**
 * The page with its entry's tag replaced by the loader, which asks for the page's stylesheet too when `withSheet` (the
 * page inlines part of it); unchanged when the page has no such tag.
 */
function withLoader(page: string, withSheet: boolean): string {
  const src = ENTRY_SCRIPT.exec(page)?.[1];
  if (!src) return page;
  const loader = paintFirstLoader(src, withSheet ? STYLESHEET_LINK.exec(page)?.[1] : undefined);
  return page.replace(ENTRY_SCRIPT, () => `<script>${loader}</script>`);
}

/** The page with its entry (and stylesheet) asked for after the first paint instead of from the head. */
export const withEntryAfterPaint = (page: string) => withLoader(page, true);

/** The same for a page whose stylesheet is inline whole (Today, decision 033 step 7): no sheet to wait for. */
export const withEntryAfterPaintSheetInline = (page: string) => withLoader(page, false);

/** Where a page's critical CSS goes (decision 029): `withCriticalCssSlot`, then `fillCriticalCss` per render. */
const CRITICAL_CSS_SLOT = '<!--hv-critical-css-->';

/**
 * The page with its stylesheet link replaced by the slot of its critical CSS; the link stays for a browser without
 * JavaScript, in <noscript> (with JavaScript the paint-first loader adds it). Call after `withEntryAfterPaint`, which
 * reads the link.
 */
export function withCriticalCssSlot(page: string): string {
  return page.replace(STYLESHEET_LINK, (link) => `${CRITICAL_CSS_SLOT}<noscript>${link}</noscript>`);
}

/** The page with the CSS in its slot (text from the stylesheet index only: critical-css.ts). */
export function fillCriticalCss(page: string, css: string): string {
  return page.replace(CRITICAL_CSS_SLOT, () => `<style>${css}</style>`);
}
