import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAdminKey } from './kept-data';
import { forgetOfflineData } from './offline-store';

describe('what the phone keeps for the admin', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('counts the day sheets, the session and the queued check-ins as hers, nothing else', () => {
    expect(isAdminKey('day-sheet:2026-12-01')).toBe(true);
    expect(isAdminKey('day-sheet:session')).toBe(true);
    expect(isAdminKey('check-in:42')).toBe(true);
    expect(isAdminKey('homevisit-theme')).toBe(false);
    expect(isAdminKey(['day-sheet:2026-12-01'])).toBe(false);
  });

  it('deletes the admin caches at sign-out and leaves any other', async () => {
    const names = ['homevisit-admin-precache', 'homevisit-admin-pages', 'homevisit-admin-assets', 'other-cache'];
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      keys: async () => names,
      delete: async (name: string) => {
        deleted.push(name);
        return true;
      },
    });
    await forgetOfflineData();
    expect(deleted.sort()).toEqual(['homevisit-admin-assets', 'homevisit-admin-pages', 'homevisit-admin-precache']);
  });
});
