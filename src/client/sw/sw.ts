/**
 * The admin app's service worker (decision 026), built by vite-plugin-pwa (injectManifest) into
 * /admin/sw.js and registered with scope /admin (no slash: /admin itself is hers too): it answers /admin and /admin/...
 * only, never a public page's request, so it never serves a stale booking page to a visitor. It precaches the admin
 * shell and its route chunks (the list the build injects), keeps the admin pages' HTML NetworkFirst, and keeps Today
 * (rendered for her) and the shell when a signed-in page asks (KEEP_SHELL_MESSAGE), so any admin page opens without
 * coverage and Today paints from its HTML. API answers are not
 * cached here: the day sheet is kept in IndexedDB by the page (and by this worker's background refresh,
 * day-sheet-sync.ts), and cleared with everything else at sign-out.
 */
import { setCacheNameDetails } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  ADMIN_APP_PATH,
  ADMIN_APP_SCOPE,
  ADMIN_APP_START_URL,
  ADMIN_CACHE_PREFIX,
  KEEP_SHELL_MESSAGE,
  SERVER_RENDERED_HEADER,
} from '@shared/admin-app';
import { BUSINESS_TIME_ZONE } from '@shared/constants';
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

const isRendered = (response: Response) => response.headers.has(SERVER_RENDERED_HEADER);
const pathOf = (request: Request) => new URL(request.url).pathname;

/** 'YYYY-MM-DD' in New Zealand. */
const nzDate = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE }).format(at);

/**
 * What is kept of an admin page (decisions 026, 033): Today as the server rendered it for her (it holds no health
 * data: the server reads the sheet without them), so offline it paints from its HTML before any script runs, and the
 * app hydrates it and shows the copy kept in IndexedDB when that is newer; any other page only as the signed-out shell
 * (her client's rendered page is not kept). Never an error page or the sign-in page.
 */
const keepable = (request: Request, response: Response) =>
  response.ok &&
  !pathOf(request).startsWith('/admin/login') &&
  (!isRendered(response) || pathOf(request) === ADMIN_APP_START_URL);

/** The kept Today is answered on the NZ day it was drawn only: yesterday's visits under 'Today' would mislead. */
const drawnToday = (response: Response) =>
  !isRendered(response) || nzDate(new Date(response.headers.get('date') ?? 0)) === nzDate(new Date());

/** The signed-out shell, the same for everyone: the router draws any admin page in it, offline too. */
async function keepShell(stillWanted: () => Promise<boolean>): Promise<void> {
  const shell = await fetch(ADMIN_APP_SCOPE, { credentials: 'omit', cache: 'no-store' });
  if (shell.ok && !isRendered(shell) && (await stillWanted()))
    await (await caches.open(PAGES_CACHE)).put(ADMIN_APP_SCOPE, shell);
}

/** Today drawn for her now (the server renders it for her session), kept while she is still signed in. */
async function keepToday(stillWanted: () => Promise<boolean>): Promise<void> {
  const today = await fetch(ADMIN_APP_START_URL, { credentials: 'same-origin', cache: 'no-store' });
  if (today.ok && (await stillWanted())) await (await caches.open(PAGES_CACHE)).put(ADMIN_APP_START_URL, today);
}

const signedIn = async () => Boolean(await idbKeptStore()?.get(SESSION_KEY));

// A signed-in page asks after load (decision 026): she may have signed in and used every tab without one navigation
// passing through this worker (client-side routing), which then kept nothing. Fetched again each time, so the pages
// name the current build's scripts and Today holds her latest sheet; never kept once she has signed out (the session
// key is read again after the fetch).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type !== KEEP_SHELL_MESSAGE) return;
  event.waitUntil(
    (async () => {
      if (await signedIn()) await Promise.all([keepShell(signedIn), keepToday(signedIn)]);
    })().catch(() => {}),
  );
});

registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: PAGES_CACHE,
      // On a weak rural signal the kept page beats a spinner.
      networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
      plugins: [
        {
          cacheWillUpdate: async ({ request, response }) => (keepable(request, response) ? response : null),
          cachedResponseWillBeUsed: async ({ cachedResponse }) =>
            cachedResponse && drawnToday(cachedResponse) ? cachedResponse : null,
          // Offline on an admin page not kept (or Today kept on another day): the shell, and the router draws it.
          handlerDidError: async () => (await caches.open(PAGES_CACHE)).match(ADMIN_APP_SCOPE),
        },
      ],
    }),
    { allowlist: [ADMIN_APP_PATH] },
  ),
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
