/**
 * This browser's side of Web Push: whether it can, what she allowed, and its subscription. The service worker
 * (/admin/sw.js, built by the PWA work; its push handlers are src/client/sw/push-handlers.ts) receives the pushes;
 * the subscription is made on its registration.
 */
import type { PushSubscribe } from '@shared/schemas/push';

export type PushSupport = 'supported' | 'unsupported' | 'denied';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported';
  }
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

/** The VAPID public key (base64url) as the bytes pushManager.subscribe wants. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const raw = atob(base64);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** 'Chrome on Android': how she tells her phones apart in the list (no more of the user agent is kept). */
export function deviceLabel(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /SamsungBrowser\//.test(userAgent)
        ? 'Samsung Internet'
        : /Chrome\/|CriOS\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : 'Browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iPhone'
      : /Mac OS X/.test(userAgent)
        ? 'Mac'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return system ? `${browser} on ${system}` : browser;
}

/** How long to wait for the service worker before telling her it is not ready. */
const READY_TIMEOUT_MS = 10_000;

export class PushSetupError extends Error {
  override name = 'PushSetupError';
}

async function readyRegistration(): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(
      () => reject(new PushSetupError('The app is still getting ready on this phone. Reload the page and try again.')),
      READY_TIMEOUT_MS,
    ),
  );
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

const SUBSCRIBE_TIMEOUT_MS = 20_000;
const SUBSCRIBE_REFUSED =
  'This browser could not turn on notifications (a private window cannot receive them). Open the dashboard in a normal window or from your Home Screen and try again.';

/** The browser's push service may never answer (no network to it): give up and say so rather than spin forever. */
function withinTime<T>(promise: Promise<T>): Promise<T> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new PushSetupError(SUBSCRIBE_REFUSED)), SUBSCRIBE_TIMEOUT_MS),
  );
  return Promise.race([promise, timeout]);
}

/** This browser's current subscription, if any (without waiting for a service worker that is not there). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration('/admin/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Asks her permission, then subscribes with the server's key; answers what the server is to keep. */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscribe> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new PushSetupError(
      permission === 'denied'
        ? 'Notifications are blocked for this site. Allow them in the browser’s site settings, then try again.'
        : 'Notifications were not allowed. Press the button again and choose Allow.',
    );
  }
  const registration = await readyRegistration();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await withinTime(
      registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) }),
    ).catch((error: unknown) => {
      // A private window, or a browser whose push service is unreachable, refuses (or never answers): say what to do.
      if (error instanceof PushSetupError) throw error;
      throw new PushSetupError(SUBSCRIBE_REFUSED);
    }));
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    label: deviceLabel(navigator.userAgent),
  };
}
