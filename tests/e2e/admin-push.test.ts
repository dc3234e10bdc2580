/**
 * docs/product.md §15, Web Push, as she uses it on her phone: Settings → Notifications, 'Turn on notifications on this
 * phone' (permission granted with context.grantPermissions), a visitor books and the push reaches her phone, she turns
 * new requests off, sends a test, turns it off here. The server is real, with its push worker, and a push service on
 * 127.0.0.1 (PUSH_ALLOW_LOOPBACK) receives and the test decrypts each push. Axe on the section, checked in place on a
 * phone and a desktop, light and dark. Her pages start from her session cookie (the sign-in is admin-auth's).
 *
 * The first tests stub navigator.serviceWorker in an init script whose pushManager hands out a subscription with
 * this test's keys, so everything from the page's subscribe call to the decrypted push is real but the browser's
 * own push transport. The last one keeps the real service worker (/admin/sw.js, registered by the PWA work): only
 * PushManager's subscribe is replaced (Chromium has no Push API in a fresh context), the push the server sent is
 * decrypted and delivered to the worker through DevTools (ServiceWorker.deliverPushMessage), and the notification
 * the worker showed is read back with registration.getNotifications().
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushSettings } from '../../src/shared/schemas/push';
import { eventually } from '../helpers/eventually';
import { browser as fakePhone, startPushService, type PushService } from '../helpers/push-service';
import { AXE_VARIANTS, showVariant } from './axe';
import { openPage, useBrowser, type Theme } from './browser';
import { addAdminSession } from './admin-session';
import { checkInEveryVariant } from './e2e-d-session';
import { adminCookie, createBooking, startServer, type RunningServer } from './harness.mjs';
import { openToasts } from './toasts';

useBrowser();

let server: RunningServer;
let service: PushService;
let cookie: string;

beforeAll(async () => {
  service = await startPushService();
  server = await startServer({ quiet: true, env: { PUSH_ALLOW_LOOPBACK: 'true', PUSH_POLL_SECONDS: '60' } });
  cookie = await adminCookie(server.baseUrl);
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await service?.close();
});

const settings = async (): Promise<PushSettings> =>
  (await (await fetch(`${server.baseUrl}/api/admin/push`, { headers: { cookie } })).json()) as PushSettings;

/** A stand-in for the service worker registration: its pushManager answers with `subscription`. */
function serviceWorkerStub(subscription: { endpoint: string; keys: { p256dh: string; auth: string } }): string {
  return `(() => {
    const json = ${JSON.stringify(subscription)};
    let current = null;
    window.__subscribeOptions = null;
    const made = () => ({
      endpoint: json.endpoint,
      expirationTime: null,
      toJSON: () => ({ endpoint: json.endpoint, expirationTime: null, keys: json.keys }),
      unsubscribe: async () => { current = null; return true; },
    });
    const pushManager = {
      getSubscription: async () => current,
      subscribe: async (options) => {
        window.__subscribeOptions = Array.from(new Uint8Array(options.applicationServerKey));
        current = made();
        return current;
      },
    };
    const registration = { scope: location.origin + '/admin', pushManager };
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        ready: Promise.resolve(registration),
        getRegistration: async () => registration,
        register: async () => registration,
        addEventListener() {},
        removeEventListener() {},
      },
    });
  })();`;
}

async function openSettings(options: { init?: string; grant?: boolean; theme?: Theme } = {}): Promise<Page> {
  const page = await openPage(null, { viewport: 'phone', theme: options.theme });
  if (options.grant !== false) await page.context().grantPermissions(['notifications'], { origin: server.baseUrl });
  if (options.init) await page.context().addInitScript(options.init);
  await addAdminSession(page, server.baseUrl);
  await page.goto(`${server.baseUrl}/admin/settings`);
  await page.getByRole('heading', { name: 'Notifications' }).waitFor();
  return page;
}

describe('Settings → Notifications', () => {
  it('turns pushes on for this phone, delivers a new request, honours the switches, sends a test, turns off', async () => {
    const phone = fakePhone(service, 'her-phone');
    // Following the system's colour scheme: axe checks the section in the four variants in place first.
    const page = await openSettings({ init: serviceWorkerStub(phone.subscription), theme: 'system' });
    await page.getByRole('switch', { name: 'New booking requests' }).waitFor();
    const problems = await checkInEveryVariant(page, 'settings, notifications');
    expect(problems, problems.join('\n\n')).toEqual([]);
    await showVariant(page, AXE_VARIANTS[0]!);

    await page.getByRole('button', { name: 'Turn on notifications on this phone' }).click();
    await openToasts(page).getByText('Notifications are on for this phone.').waitFor();
    await page.getByRole('button', { name: 'Turn off on this phone' }).waitFor();
    await expect.poll(() => page.getByTestId('push-devices').textContent()).toMatch(/Chrome on \w+ \(this phone\)/);

    // The page subscribed with the server's VAPID key, and the server keeps this phone.
    const { publicKey, subscriptions } = await settings();
    const key = await page.evaluate(
      () => (globalThis as unknown as { __subscribeOptions: number[] }).__subscribeOptions,
    );
    expect(Buffer.from(key).toString('base64url')).toBe(publicKey);
    expect(subscriptions.map((s) => s.endpoint)).toEqual([phone.subscription.endpoint]);

    // A visitor books: her phone gets the push within seconds, with no name or health details.
    const booked = await createBooking(server.baseUrl, {
      firstName: 'Ngaio',
      lastName: 'Private',
      hasInjuries: true,
      injuryDetails: 'Sciatica',
    });
    const arrived = await eventually(
      async () => service.requests.length,
      (n) => n >= 1,
      8000,
    );
    expect(arrived).toBe(1);
    const text = phone.decrypt(service.requests[0]!.body);
    const push = JSON.parse(text) as { kind: string; title: string };
    expect(push.kind).toBe('new-request');
    expect(push.title).toMatch(new RegExp(`^New request: .+ ${booked.duration as number} min, `));
    for (const secret of ['Ngaio', 'Private', 'Sciatica']) expect(text).not.toContain(secret);

    // She turns new requests off: the next request sends nothing.
    await page.getByRole('switch', { name: 'New booking requests' }).click();
    await expect.poll(async () => (await settings()).preferences.newRequest).toBe(false);
    await createBooking(server.baseUrl, { firstName: 'Second', time: '15:00' });

    // The test push always goes.
    await page.getByRole('button', { name: 'Send a test notification' }).click();
    await openToasts(page).getByText('A test notification is on its way to your phone.').waitFor();
    await eventually(
      async () => service.requests.length,
      (n) => n >= 2,
      8000,
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(service.requests.map((r) => (JSON.parse(phone.decrypt(r.body)) as { kind: string }).kind)).toEqual([
      'new-request',
      'test',
    ]);

    await page.getByRole('button', { name: 'Turn off on this phone' }).click();
    await openToasts(page).getByText('Notifications are off for this phone.').waitFor();
    await page.getByRole('button', { name: 'Turn on notifications on this phone' }).waitFor();
    expect((await settings()).subscriptions).toEqual([]);
    await page.getByRole('switch', { name: 'New booking requests' }).click();
    await expect.poll(async () => (await settings()).preferences.newRequest).toBe(true);
  });

  it('says clearly when notifications are blocked, or the browser has no push', async () => {
    const blocked = await openSettings({
      grant: false,
      init: `Object.defineProperty(Notification, 'permission', { get: () => 'denied' });`,
    });
    await blocked.getByText('Notifications are blocked for this site.').waitFor();
    expect(await blocked.getByRole('button', { name: 'Turn on notifications on this phone' }).count()).toBe(0);

    const noPush = await openSettings({ init: `delete window.PushManager;` });
    await noPush.getByText('This browser cannot receive notifications.').waitFor();
  });
});

/**
 * Chromium gives no Push API to a fresh (incognito-like) context, as the e2e contexts are ('Chrome currently
 * does not support the Push API in incognito mode'), and headless has no push service anyway: only
 * PushManager.prototype's subscribe/getSubscription are replaced, handing out this test's subscription. The
 * registration, /admin/sw.js and its push handlers are the real ones.
 */
function pushManagerStub(subscription: { endpoint: string; keys: { p256dh: string; auth: string } }): string {
  return `(() => {
    const json = ${JSON.stringify(subscription)};
    let current = null;
    const made = () => ({
      endpoint: json.endpoint,
      expirationTime: null,
      toJSON: () => ({ endpoint: json.endpoint, expirationTime: null, keys: json.keys }),
      unsubscribe: async () => { current = null; return true; },
    });
    PushManager.prototype.getSubscription = async function () { return current; };
    PushManager.prototype.subscribe = async function () { current = made(); return current; };
  })();`;
}

interface ShownNotification {
  title: string;
  body: string;
  data: { url?: string } | null;
}

describe('Settings → Notifications, with the real service worker', () => {
  it('subscribes through /admin/sw.js; the push the server sent, delivered to the worker, shows the notification', async () => {
    const phone = fakePhone(service, 'real-worker');
    const page = await openSettings({ init: pushManagerStub(phone.subscription) });
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    const worker = () =>
      page
        .context()
        .serviceWorkers()
        .find((w) => new URL(w.url()).pathname === '/admin/sw.js');
    await expect.poll(() => worker() !== undefined).toBe(true);

    await page.getByRole('button', { name: 'Turn on notifications on this phone' }).click();
    await openToasts(page).getByText('Notifications are on for this phone.').waitFor();
    await expect
      .poll(async () => (await settings()).subscriptions.map((s) => s.endpoint))
      .toEqual([phone.subscription.endpoint]);

    // A visitor books; the server's encrypted push reaches the push service and is decrypted with the phone's keys.
    const before = service.requests.length;
    const booked = await createBooking(server.baseUrl, { firstName: 'Worker', lastName: 'Private', time: '13:00' });
    await eventually(
      async () => service.requests.length,
      (n) => n > before,
      8000,
    );
    const text = phone.decrypt(service.requests[before]!.body);
    expect((JSON.parse(text) as { kind: string }).kind).toBe('new-request');

    // The browser's push transport, played by DevTools: the same bytes, delivered to the real worker.
    const cdp = await page.context().newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.some((r) => r.scopeURL === `${server.baseUrl}/admin`)).toBe(true);
    const registration = registrations.find((r) => r.scopeURL === `${server.baseUrl}/admin` && !r.isDeleted)!;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.baseUrl,
      registrationId: registration.registrationId,
      data: text,
    });

    const shown = () =>
      worker()!.evaluate<ShownNotification[]>(
        `self.registration.getNotifications().then((ns) => ns.map((n) => ({ title: n.title, body: n.body, data: n.data })))`,
      );
    await expect.poll(async () => (await shown()).length, { timeout: 10_000 }).toBe(1);
    const [notification] = await shown();
    expect(notification!.title).toMatch(new RegExp(`^New request: .+ ${booked.duration as number} min, `));
    expect(notification!.data?.url).toMatch(/^\/admin/);
    for (const secret of ['Worker', 'Private']) expect(JSON.stringify(notification)).not.toContain(secret);

    await page.getByRole('button', { name: 'Turn off on this phone' }).click();
    await openToasts(page).getByText('Notifications are off for this phone.').waitFor();
    expect((await settings()).subscriptions).toEqual([]);
  });
});
