import { describe, expect, it, vi } from 'vitest';
import { adminWindow, readPushData, registerPushHandlers, safeAdminPath, type PushScope } from './push-handlers';

describe('the service worker push handlers', () => {
  it('reads the payload, and still shows something for an unreadable one', () => {
    expect(
      readPushData('{"title":"New request: Swedish 60 min","body":"2 PM NZ time","tag":"t-1","url":"/admin"}'),
    ).toEqual({
      title: 'New request: Swedish 60 min',
      body: '2 PM NZ time',
      tag: 't-1',
      url: '/admin',
    });
    expect(readPushData(null).title).toBe('Homevisit');
    expect(readPushData('not json').body).toBe('not json');
  });

  it('opens only admin paths', () => {
    expect(safeAdminPath('/admin/pending')).toBe('/admin/pending');
    expect(safeAdminPath('https://evil.example/admin')).toBe('/admin');
    expect(safeAdminPath('//evil.example/admin')).toBe('/admin');
    expect(safeAdminPath('/administrator')).toBe('/admin');
  });

  it('finds an open admin window of this origin', () => {
    const clients = [
      { url: 'https://x.nz/book' },
      { url: 'https://other.nz/admin' },
      { url: 'https://x.nz/admin/today' },
    ];
    expect(adminWindow(clients, 'https://x.nz')).toBe(clients[2]);
  });

  it('shows the notification on push and focuses or opens the admin on click', async () => {
    const listeners = new Map<string, (e: Event) => void>();
    const focus = vi.fn(async () => undefined);
    const navigate = vi.fn(async () => undefined);
    const openWindow = vi.fn(async () => undefined);
    let windows: { url: string; focus: typeof focus; navigate: typeof navigate }[] = [];
    const showNotification = vi.fn(async () => undefined);
    const scope: PushScope = {
      location: { origin: 'https://x.nz' },
      registration: { showNotification },
      clients: { matchAll: async () => windows, openWindow },
      addEventListener: (type, listener) => listeners.set(type, listener),
    };
    registerPushHandlers(scope);
    const waits: Promise<unknown>[] = [];
    const event = (extra: object) =>
      Object.assign(new Event('x'), { waitUntil: (p: Promise<unknown>) => waits.push(p) }, extra);

    listeners.get('push')!(
      event({ data: { text: () => '{"title":"T","body":"B","tag":"g","url":"/admin/pending"}' } }),
    );
    await Promise.all(waits);
    expect(showNotification).toHaveBeenCalledWith(
      'T',
      expect.objectContaining({ body: 'B', tag: 'g', data: { url: '/admin/pending' } }),
    );

    const close = vi.fn();
    listeners.get('notificationclick')!(event({ notification: { data: { url: '/admin/pending' }, close } }));
    await Promise.all(waits);
    expect(openWindow).toHaveBeenCalledWith('/admin/pending');

    windows = [{ url: 'https://x.nz/admin', focus, navigate }];
    listeners.get('notificationclick')!(event({ notification: { data: { url: '/admin' }, close } }));
    await Promise.all(waits);
    expect(focus).toHaveBeenCalled();
    expect(close).toHaveBeenCalledTimes(2);
  });
});
