/**
 * The admin app's service worker (issue 26, decision 026), built by vite-plugin-pwa (injectManifest) into
 * /admin/sw.js and registered with scope /admin/: it never sees a public page's request, so it never serves a stale
 * booking page to a visitor. It precaches the admin shell and its route chunks (the list the build injects), and keeps
 * the admin pages' HTML NetworkFirst so the dashboard opens without coverage. API answers are not cached here: the day
 * sheet is kept in IndexedDB by the page (and by this worker's background refresh, day-sheet-sync.ts), and cleared with
 * everything else at sign-out.
 */
import { setCacheNameDetails } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ADMIN_APP_SCOPE, ADMIN_APP_START_URL, ADMIN_CACHE_PREFIX, SERVER_RENDERED_HEADER } from '@shared/admin-app';
import { registerDaySheetSync } from './day-sheet-sync';
import { registerPushHandlers } from './push-handlers';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

const PAGES_CACHE = `${ADMIN_CACHE_PREFIX}-pages`;
const NETWORK_TIMEOUT_SECONDS = 4;

// Workbox names its caches with this prefix, so sign-out (forgetOfflineData) finds and deletes them all.
setCacheNameDetails({ prefix: ADMIN_CACHE_PREFIX, suffix: '', precache: 'precache', runtime: 'runtime' });

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const isAdminPage = (url: URL) => url.origin === self.location.origin && url.pathname.startsWith(ADMIN_APP_SCOPE);

const isRendered = (response: Response) => response.headers.has(SERVER_RENDERED_HEADER);

/**
 * For a page the server rendered with her data: the same URL's shell, asked for without her cookie (so it is the
 * signed-out shell, the same for everyone), kept for when there is no coverage. Its inline script paints the sheet kept
 * in IndexedDB, and the app draws the rest (decisions 026, 033).
 */
async function keepShellOf(url: string): Promise<void> {
  const shell = await fetch(url, { credentials: 'omit', cache: 'no-store' });
  if (shell.ok && !isRendered(shell)) await (await caches.open(PAGES_CACHE)).put(url, shell);
}

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  // On a weak rural signal the kept page beats a spinner.
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [
    {
      // Only a real page is kept: never an error page, never the sign-in page (it holds nothing of hers), and never a
      // page the server rendered with her data (decision 033: offline it would show a stale sheet as fresh).
      cacheWillUpdate: async ({ request, response }) =>
        response.ok && !isRendered(response) && !new URL(request.url).pathname.startsWith('/admin/login')
          ? response
          : null,
    },
  ],
});

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isAdminPage(url),
  async (options) => {
    try {
      const response = await pages.handle(options);
      if (isRendered(response)) options.event.waitUntil(keepShellOf(options.url.href).catch(() => {}));
      return response;
    } catch (err) {
      // Offline on an admin page she never opened online: the app shell of Today (the router draws the right tab).
      const cache = await caches.open(PAGES_CACHE);
      const fallback =
        (await cache.match(ADMIN_APP_START_URL)) ?? (await cache.keys().then((k) => k[0] && cache.match(k[0])));
      if (fallback) return fallback;
      throw err;
    }
  },
);

// The hashed scripts and styles never change: kept as fetched too, so the app still opens offline after sign-out
// cleared the precache and she signed in again (the precache is filled only when a new worker installs).
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: `${ADMIN_CACHE_PREFIX}-assets` }),
);

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

registerPushHandlers(self);
registerDaySheetSync(self);
