import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckInState } from '@shared/schemas/check-in';

// IndexedDB as idb-keyval sees it, in memory (Node has no IndexedDB); what a closed tab left is put here directly.
const store = new Map<string, unknown>();
vi.mock('idb-keyval', () => ({
  set: async (key: string, value: unknown) => void store.set(key, value),
  del: async (key: string) => void store.delete(key),
  entries: async () => [...store.entries()],
}));

let queue: typeof import('./press-queue');
let ApiError: typeof import('@/lib/api').ApiError;
beforeEach(async () => {
  store.clear();
  vi.resetModules(); // the queue's memory starts empty, as in a new tab (and its ApiError is this one)
  queue = await import('./press-queue');
  ({ ApiError } = await import('@/lib/api'));
});

const state = {} as CheckInState;
const press = (bookingId: number, kind: 'arrived' | 'leaving', at: string) =>
  ({ pressId: `${bookingId}-${kind}`, bookingId, kind, at, date: '2026-11-28' }) as const;

describe('the check-in presses kept on the phone', () => {
  it('settles nothing and tells no button to render again when nothing is queued', async () => {
    const listener = vi.fn();
    queue.subscribe(listener);
    const send = vi.fn(async () => state);
    expect(await queue.flushQueued(send)).toBe(0);
    expect(send).not.toHaveBeenCalled();
    expect(listener).not.toHaveBeenCalled();
    expect(queue.queuedPresses()).toEqual([]);
  });

  it('sends what a closed tab left, oldest first, and answers how many were settled', async () => {
    const leaving = press(7, 'leaving', '2026-11-28T00:05:00.000Z');
    const arrived = press(7, 'arrived', '2026-11-27T21:00:00.000Z');
    store.set(`${queue.KEY_PREFIX}${leaving.pressId}`, leaving);
    store.set(`${queue.KEY_PREFIX}${arrived.pressId}`, arrived);
    const sent: string[] = [];
    const settled = await queue.flushQueued(async (p) => {
      sent.push(p.kind);
      return state;
    });
    expect(sent).toEqual(['arrived', 'leaving']);
    expect(settled).toBe(2);
    expect(store.size).toBe(0);
    expect(queue.queuedPresses()).toEqual([]);
  });

  it('keeps the presses while there is no network, and stops at the first that fails', async () => {
    const first = await queue.queuePress({ bookingId: 3, kind: 'arrived', date: '2026-11-28' });
    await queue.queuePress({ bookingId: 3, kind: 'leaving', date: '2026-11-28' });
    const send = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await queue.flushQueued(send)).toBe(0);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith(first);
    expect(queue.queuedPresses()).toHaveLength(2);
    expect(store.size).toBe(2);
  });

  it('counts a press the server refused for good as settled, and shows the refusal', async () => {
    await queue.queuePress({ bookingId: 5, kind: 'arrived', date: '2026-11-28' });
    const refused = async (): Promise<CheckInState> => {
      throw new ApiError(409, JSON.stringify({ message: 'This visit was cancelled' }));
    };
    expect(await queue.flushQueued(refused)).toBe(1);
    expect(queue.queuedPresses()).toEqual([]);
    expect(queue.refusalsByBooking()[5]).toBe('This visit was cancelled');
  });
});
