/**
 * The admin area as an installed app (decision 026): where its manifest, service worker and icons live,
 * and its colours. The server writes the manifest and the admin page's head from these; the client registers the
 * service worker from them. The icon files are written at build time by scripts/pwa-icons.mjs (same paths).
 */
/**
 * The service worker's scope (decision 026): '/admin' without the slash, so /admin itself (where sign-in sends her,
 * the README's and the footer's link) is controlled too, not only /admin/...; the worker answers /admin and /admin/...
 * alone (ADMIN_APP_PATH), never a path like /administrator that merely starts the same.
 */
export const ADMIN_APP_SCOPE = '/admin';
/** /admin and every page under it, with its query: what the worker answers, offline too (not /admin-anything). */
export const ADMIN_APP_PATH = /^\/admin(?:[/?]|$)/;
export const ADMIN_APP_START_URL = '/admin/today';
export const ADMIN_MANIFEST_URL = '/admin/manifest.webmanifest';
export const ADMIN_SW_URL = '/admin/sw.js';

/** Icons generated from src/client/assets/icon.svg. */
export const ADMIN_ICONS = {
  any192: '/admin/icons/icon-192.png',
  any512: '/admin/icons/icon-512.png',
  maskable512: '/admin/icons/maskable-512.png',
  appleTouch: '/admin/icons/apple-touch-icon.png',
} as const;

/** The brand teal (the toolbar on Android), and the page backgrounds of the light and dark themes (index.css). */
export const ADMIN_THEME = {
  light: '#0f766e',
  dark: '#0e1a1c',
  background: '#f7faf9',
} as const;

/** The Cache Storage caches of the admin app all start with this: sign-out deletes them. */
export const ADMIN_CACHE_PREFIX = 'homevisit-admin';

/** The idb-keyval keys of the day sheets kept on her phone ('day-sheet:2026-11-27'), and 'day-sheet:session'. */
export const DAY_SHEET_KEY_PREFIX = 'day-sheet:';

/**
 * How often the day sheet kept on her phone is refreshed: by the open page, and in the background by the service
 * worker's Periodic Background Sync (the browser's own minimum; it may wait longer, e.g. on battery saver).
 */
export const DAY_SHEET_REFRESH_MS = 15 * 60_000;

/** The Periodic Background Sync tag of that background refresh (registered signed in, unregistered at sign-out). */
export const DAY_SHEET_SYNC_TAG = 'day-sheet';

/**
 * The header on an admin page the server rendered with her data (decisions 022, 033): the service worker keeps such a
 * page only for Today, and answers it only on the NZ day it was drawn.
 */
export const SERVER_RENDERED_HEADER = 'x-homevisit-rendered';

/**
 * The message a signed-in admin page posts to the service worker after load: keep (again) Today as the server renders
 * it for her (no health data), and the signed-out shell, which the worker answers for any other admin page opened
 * without coverage (decision 033). Sign-in and the tabs are client-side
 * navigations that never pass through the worker, so without it nothing would be kept (decision 026).
 */
export const KEEP_SHELL_MESSAGE = 'homevisit:keep-shell';

/**
 * The message the service worker posts to the open admin pages after a background refresh kept new day sheets: a page
 * left open in the background then shows them when she comes back without coverage, rather than what it had when she
 * left it. The worker does not know the sheet's type (it checks the shape by hand); the page reads it as a DaySheet.
 */
export const DAY_SHEETS_REFRESHED_MESSAGE = 'homevisit:day-sheets-refreshed';

export interface DaySheetsRefreshed<Sheet = unknown> {
  type: typeof DAY_SHEETS_REFRESHED_MESSAGE;
  sheets: readonly { date: string; sheet: Sheet }[];
}
