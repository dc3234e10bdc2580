/**
 * The day sheet refreshed in the background (decision 026 'Background refresh'): where the browser offers
 * Periodic Background Sync (Chromium, the app installed: the permission is then granted), the page asks the service
 * worker to be woken at most every 15 minutes to fetch Today and Tomorrow (src/client/sw/day-sheet-sync.ts). Elsewhere
 * (Safari, Firefox, a browser tab) nothing happens: the open page refreshes the sheet itself. Unregistered at sign-out
 * and when the session ends (forgetOfflineData).
 * At the same moment the page asks the worker to keep Today's shell (keepShellForOffline, decision 026).
 */
import { DAY_SHEET_REFRESH_MS, DAY_SHEET_SYNC_TAG, KEEP_SHELL_MESSAGE } from '@shared/admin-app';

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
 * Asks the worker to keep Today's signed-out shell, the page it answers for any admin page opened without coverage
 * (src/client/sw/sw.ts): signing in and every tab are client-side navigations the worker never sees, so after a
 * sign-in that never reloaded the page it would have kept nothing. Quiet: no worker, nothing kept.
 */
export async function keepShellForOffline(): Promise<void> {
  if (!supported()) return;
  try {
    const registration = await navigator.serviceWorker.ready;
    registration.active?.postMessage({ type: KEEP_SHELL_MESSAGE });
  } catch {
    // No worker: nothing opens offline anyway.
  }
}

/**
 * The registration and the shell kept (above), after the page has loaded and gone idle (never in the way of the first
 * paint, like the worker's own registration); the returned function cancels them if she signs out before then.
 */
export function scheduleBackgroundRefresh(): () => void {
  if (!supported() || import.meta.env.DEV) return () => {};
  let cancelled = false;
  const run = () => {
    const go = () => {
      if (cancelled) return;
      void registerBackgroundRefresh();
      void keepShellForOffline();
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
    // Every registration: a phone from before issue 42 may still hold the one scoped /admin/ beside /admin's.
    const registrations: readonly WithPeriodicSync[] = await navigator.serviceWorker.getRegistrations();
    for (const registration of registrations) await registration.periodicSync?.unregister(DAY_SHEET_SYNC_TAG);
  } catch {
    // No worker, or no Periodic Background Sync: nothing was registered.
  }
}
