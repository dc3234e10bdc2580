/**
 * The day sheet refreshed in the background (issue 26, decision 026 'Background refresh'): where the browser offers
 * Periodic Background Sync (Chromium, the app installed: the permission is then granted), the page asks the service
 * worker to be woken at most every 15 minutes to fetch Today and Tomorrow (src/client/sw/day-sheet-sync.ts). Elsewhere
 * (Safari, Firefox, a browser tab) nothing happens: the open page refreshes the sheet itself. Unregistered at sign-out
 * and when the session ends (forgetOfflineData).
 */
import { ADMIN_APP_SCOPE, DAY_SHEET_REFRESH_MS, DAY_SHEET_SYNC_TAG } from '@shared/admin-app';

/** Periodic Background Sync is not in TypeScript's DOM types. */
interface PeriodicSyncManager {
  register(tag: string, options: { minInterval: number }): Promise<void>;
  unregister(tag: string): Promise<void>;
}
type WithPeriodicSync = ServiceWorkerRegistration & { periodicSync?: PeriodicSyncManager };

const supported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** Registers the background refresh once the worker is ready, if allowed; false when it was not (and nothing threw). */
export async function registerBackgroundRefresh(): Promise<boolean> {
  if (!supported() || !navigator.permissions) return false;
  try {
    const registration = (await navigator.serviceWorker.ready) as WithPeriodicSync;
    if (!registration.periodicSync) return false;
    const permission = await navigator.permissions.query({ name: 'periodic-background-sync' as PermissionName });
    if (permission.state !== 'granted') return false;
    await registration.periodicSync.register(DAY_SHEET_SYNC_TAG, { minInterval: DAY_SHEET_REFRESH_MS });
    return true;
  } catch {
    // Refused (not installed, site engagement too low): the open page still refreshes the sheet.
    return false;
  }
}

/**
 * The registration, after the page has loaded and gone idle (never in the way of the first paint, like the worker's
 * own registration); the returned function cancels it if she signs out before then.
 */
export function scheduleBackgroundRefresh(): () => void {
  if (!supported() || import.meta.env.DEV) return () => {};
  let cancelled = false;
  const run = () => {
    const go = () => {
      if (!cancelled) void registerBackgroundRefresh();
    };
    if ('requestIdleCallback' in window) window.requestIdleCallback(go, { timeout: 5_000 });
    else setTimeout(go, 1_000);
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
  };
}

/** No more background refresh on this phone (sign-out, session ended). Quiet: nothing to undo is fine. */
export async function forgetBackgroundRefresh(): Promise<void> {
  if (!supported()) return;
  try {
    const registration: WithPeriodicSync | undefined = await navigator.serviceWorker.getRegistration(ADMIN_APP_SCOPE);
    await registration?.periodicSync?.unregister(DAY_SHEET_SYNC_TAG);
  } catch {
    // No worker, or no Periodic Background Sync: nothing was registered.
  }
}
