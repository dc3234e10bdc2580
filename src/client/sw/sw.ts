/**
 * The admin app's service worker (issue 26, decision 026), built by vite-plugin-pwa (injectManifest) into
 * /admin/sw.js and registered with scope /admin (no slash: /admin itself is hers too): it answers /admin and /admin/...
 * only, never a public page's request, so it never serves a stale booking page to a visitor. It precaches the admin
 * shell and its route chunks (the list the build injects), keeps the admin pages' HTML NetworkFirst, and keeps Today's
 * shell when a signed-in page asks (KEEP_SHELL_MESSAGE), so any admin page opens without coverage. API answers are not
 * cached here: the day sheet is kept in IndexedDB by the page (and by this worker's background refresh,
 * day-sheet-sync.ts), and cleared with everything else at sign-out.
 */
import { setCacheNameDetails } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  ADMIN_APP_START_URL,
  ADMIN_CACHE_PREFIX,
  isAdminAppPath,
  KEEP_SHELL_MESSAGE,
  SERVER_RENDERED_HEADER,
} from '@shared/admin-app';
import { idbKeptStore, SESSION_KEY } from '../features/admin/shared/offline/kept-data';
import { registerDaySheetSync } from './day-sheet-sync';
import { registerPushHandlers } from './push-handlers';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

const PAGES_CACHE = `${ADMIN_CACHE_PREFIX}-pages`;
const NETWORK_TIMEOUT_SECONDS = 4;

// Workbox names its caches with this prefix, so sign-out (forgetOfflineData) finds and deletes them all.
setCacheNameDetails({ prefix: ADMIN_CACHE_PREFIX, suffix: '', precache: 'precache', runtime: 'runtime' });

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const isAdminPage = (url: URL) => url.origin === self.location.origin && isAdminAppPath(url.pathname);

const isRendered = (response: Response) => response.headers.has(SERVER_RENDERED_HEADER);

/**
 * For a page the server rendered with her data: the same URL's shell, asked for without her cookie (so it is the
 * signed-out shell, the same for everyone), kept for when there is no coverage. Its inline script paints the sheet kept
 * in IndexedDB, and the app draws the rest (decisions 026, 033).
 */
async function keepShellOf(url: string, stillWanted: () => Promise<boolean> = async () => true): Promise<void> {
  const shell = await fetch(url, { credentials: 'omit', cache: 'no-store' });
  if (shell.ok && !isRendered(shell) && (await stillWanted())) await (await caches.open(PAGES_CACHE)).put(url, shell);
}

const signedIn = async () => Boolean(await idbKeptStore()?.get(SESSION_KEY));

// A signed-in page asks after load (issue 42): she may have signed in and used every tab without one navigation passing
// through this worker (client-side routing), which then kept nothing. Fetched again each time, so the shell names the
// current build's scripts; never kept once she has signed out (the session key is read again after the fetch).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type !== KEEP_SHELL_MESSAGE) return;
  event.waitUntil(
    (async () => {
      if (await signedIn()) await keepShellOf(ADMIN_APP_START_URL, signedIn);
    })().catch(() => {}),
  );
});

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
