/**
 * The service worker's Web Push handlers (docs/product.md §15). The service worker itself (src/client/sw/sw.ts,
 * /admin/sw.js) is built by the PWA work and calls `registerPushHandlers(self)`. A push carries JSON
 * (modules/push/payload.ts on the server): title, body, a tag (a newer push of the same message replaces the older) and
 * the admin page to open. The types are written out here, so this file type-checks with the DOM library as well as the
 * WebWorker one.
 */

export interface PushData {
  title: string;
  body: string;
  tag?: string;
  url: string;
}

/** The icon once the PWA icons exist; a notification without one still shows. */
export const PUSH_ICON = '/admin/icons/icon-192.png';
const FALLBACK: PushData = { title: 'Homevisit', body: 'Something needs your attention.', url: '/admin' };

/** What a push's text says; anything unreadable still tells her something happened (a push must show). */
export function readPushData(text: string | null | undefined): PushData {
  if (!text) return FALLBACK;
  try {
    const data = JSON.parse(text) as Partial<PushData>;
    return {
      title: typeof data.title === 'string' && data.title ? data.title : FALLBACK.title,
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      url: safeAdminPath(data.url),
    };
  } catch {
    return { ...FALLBACK, body: text.slice(0, 200) };
  }
}

/** Only a path of the admin area opens (never another site). */
export function safeAdminPath(url: unknown): string {
  return typeof url === 'string' && /^\/admin(\/|$|\?)/.test(url) && !url.startsWith('//') ? url : '/admin';
}

interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}

/** The open admin window to bring forward, if any. */
export function adminWindow<T extends { url: string }>(clients: readonly T[], origin: string): T | undefined {
  return clients.find((c) => {
    try {
      const u = new URL(c.url);
      return u.origin === origin && u.pathname.startsWith('/admin');
    } catch {
      return false;
    }
  });
}

interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEventLike {
  data: { text(): string } | null;
}
interface NotificationClickEventLike extends ExtendableEventLike {
  notification: { data?: unknown; close(): void };
}

/** What the handlers need of the service worker's global scope (ServiceWorkerGlobalScope fits). */
export interface PushScope {
  location: { origin: string };
  registration: { showNotification(title: string, options?: NotificationOptions): Promise<void> };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: string, listener: (event: Event) => void): void;
}

export function registerPushHandlers(scope: PushScope): void {
  scope.addEventListener('push', (event) => {
    const e = event as PushEventLike;
    const data = readPushData(e.data?.text());
    e.waitUntil(
      scope.registration.showNotification(data.title, {
        body: data.body,
        tag: data.tag,
        icon: PUSH_ICON,
        badge: PUSH_ICON,
        data: { url: data.url },
      }),
    );
  });

  scope.addEventListener('notificationclick', (event) => {
    const e = event as NotificationClickEventLike;
    e.notification.close();
    const url = safeAdminPath((e.notification.data as { url?: unknown } | undefined)?.url);
    e.waitUntil(
      (async () => {
        const open = adminWindow(
          await scope.clients.matchAll({ type: 'window', includeUncontrolled: true }),
          scope.location.origin,
        );
        if (open) {
          await open.navigate?.(url).catch(() => undefined);
          await open.focus();
          return;
        }
        await scope.clients.openWindow(url);
      })(),
    );
  });
}
