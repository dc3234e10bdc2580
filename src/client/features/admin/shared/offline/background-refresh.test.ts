import { afterEach, describe, expect, it, vi } from 'vitest';
import { DAY_SHEET_REFRESH_MS, DAY_SHEET_SYNC_TAG, KEEP_SHELL_MESSAGE } from '@shared/admin-app';
import { forgetBackgroundRefresh, keepShellForOffline, registerBackgroundRefresh } from './background-refresh';

/** A browser: its worker registration (with or without Periodic Background Sync) and the permission's state. */
function browser(options: { periodicSync: boolean; permission: PermissionState }) {
  const register = vi.fn(async () => undefined);
  const unregister = vi.fn(async () => undefined);
  const postMessage = vi.fn();
  const registration = {
    active: { postMessage },
    ...(options.periodicSync ? { periodicSync: { register, unregister } } : {}),
  };
  const query = vi.fn(async () => ({ state: options.permission }));
  vi.stubGlobal('navigator', {
    serviceWorker: { ready: Promise.resolve(registration), getRegistrations: async () => [registration] },
    permissions: { query },
  });
  return { register, unregister, query, postMessage };
}

describe('the background refresh registration', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('registers the day-sheet tag every 15 minutes where Periodic Background Sync is granted', async () => {
    const b = browser({ periodicSync: true, permission: 'granted' });
    expect(await registerBackgroundRefresh()).toBe(true);
    expect(b.query).toHaveBeenCalledWith({ name: 'periodic-background-sync' });
    expect(b.register).toHaveBeenCalledWith(DAY_SHEET_SYNC_TAG, { minInterval: DAY_SHEET_REFRESH_MS });
    expect(DAY_SHEET_REFRESH_MS).toBe(15 * 60_000);
  });

  it('does nothing, quietly, where it is not granted or not offered (a tab, Safari, Firefox)', async () => {
    const denied = browser({ periodicSync: true, permission: 'denied' });
    expect(await registerBackgroundRefresh()).toBe(false);
    expect(denied.register).not.toHaveBeenCalled();

    const safari = browser({ periodicSync: false, permission: 'granted' });
    expect(await registerBackgroundRefresh()).toBe(false);
    expect(safari.query).not.toHaveBeenCalled();
  });

  it('unregisters the tag at sign-out', async () => {
    const b = browser({ periodicSync: true, permission: 'granted' });
    await forgetBackgroundRefresh();
    expect(b.unregister).toHaveBeenCalledWith(DAY_SHEET_SYNC_TAG);
    browser({ periodicSync: false, permission: 'granted' });
    await expect(forgetBackgroundRefresh()).resolves.toBeUndefined();
  });

  it("asks the worker to keep Today's shell (issue 42)", async () => {
    const b = browser({ periodicSync: false, permission: 'denied' });
    await keepShellForOffline();
    expect(b.postMessage).toHaveBeenCalledWith({ type: KEEP_SHELL_MESSAGE });
  });
});
