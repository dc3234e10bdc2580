/**
 * The admin area as an installed app (decision 026): its service worker is registered from the admin pages
 * only, after the page has loaded (it never competes with the first paint), scoped to /admin (the page she lands on
 * after signing in, and everything under /admin/) so no public page is ever served by it. Chromium's install prompt
 * is kept for the 'Install on your phone' help.
 */
import { useSyncExternalStore } from 'react';
import { ADMIN_APP_SCOPE, ADMIN_SW_URL } from '@shared/admin-app';

/** Chromium's install prompt event (not in TypeScript's DOM types). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferredPrompt: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Kept for her button in Settings rather than Chrome's own mini bar.
    event.preventDefault();
    deferredPrompt = event as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferredPrompt = null;
    notify();
  });
}

/** The install prompt Chromium offers, or null (installed already, iOS, or not offered yet). */
export function useInstallPrompt(): InstallPromptEvent | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => deferredPrompt,
    () => null,
  );
}

export async function promptInstall(): Promise<boolean> {
  const prompt = deferredPrompt;
  if (!prompt) return false;
  await prompt.prompt();
  const { outcome } = await prompt.userChoice;
  deferredPrompt = null;
  notify();
  return outcome === 'accepted';
}

/** Running as the installed app (opened from the home screen). */
export function isStandalone(): boolean {
  return (
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** Registers /admin/sw.js once the page has loaded; a failure (private mode, an old browser) costs only offline use. */
export function registerAdminServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const register = () => {
    navigator.serviceWorker.register(ADMIN_SW_URL, { scope: ADMIN_APP_SCOPE }).catch(() => {});
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
