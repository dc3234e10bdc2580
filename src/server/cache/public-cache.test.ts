import { describe, expect, it } from 'vitest';
import { createPublicCache } from './public-cache';

/** A load whose answer the test releases when it wants. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createPublicCache', () => {
  it('loads once and answers from memory after', async () => {
    const cache = createPublicCache();
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', ['services'], load)).toBe(1);
    expect(await cache.get('k', ['services'], load)).toBe(1);
    expect(loads).toBe(1);
  });

  it('shares one load between concurrent misses', async () => {
    const cache = createPublicCache();
    const pending = deferred<string>();
    let loads = 0;
    const load = () => {
      loads++;
      return pending.promise;
    };
    const both = Promise.all([cache.get('k', ['services'], load), cache.get('k', ['services'], load)]);
    pending.resolve('v');
    expect(await both).toEqual(['v', 'v']);
    expect(loads).toBe(1);
  });

  it('drops only the entries built from the changed table', async () => {
    const cache = createPublicCache();
    let n = 0;
    const load = async () => ++n;
    await cache.get('services', ['services'], load);
    await cache.get('hours', ['business_hours'], load);
    await cache.get('page', ['services', 'reviews'], load);
    cache.invalidate('services');
    expect(await cache.get('services', ['services'], load)).toBe(4);
    expect(await cache.get('hours', ['business_hours'], load)).toBe(2);
    expect(await cache.get('page', ['services', 'reviews'], load)).toBe(5);
    cache.invalidate('sessions');
    expect(await cache.get('hours', ['business_hours'], load)).toBe(2);
  });

  it('never keeps a load that was under way when its table changed', async () => {
    const cache = createPublicCache();
    const before = deferred<string>();
    const first = cache.get('k', ['reviews'], () => before.promise);
    cache.invalidate('reviews');
    const second = cache.get('k', ['reviews'], async () => 'after');
    before.resolve('before');
    expect(await first).toBe('before');
    expect(await second).toBe('after');
    expect(await cache.get('k', ['reviews'], async () => 'again')).toBe('after');
  });

  it('forgets a failed load', async () => {
    const cache = createPublicCache();
    await expect(cache.get('k', ['services'], () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', ['services'], async () => 'up')).toBe('up');
  });

  it('reads through and keeps nothing while not live, and starts empty when live again', async () => {
    const cache = createPublicCache({ live: false });
    let n = 0;
    const load = async () => ++n;
    expect(await cache.get('k', ['services'], load)).toBe(1);
    expect(await cache.get('k', ['services'], load)).toBe(2);
    cache.setLive(true);
    expect(await cache.get('k', ['services'], load)).toBe(3);
    expect(await cache.get('k', ['services'], load)).toBe(3);
    cache.setLive(false);
    cache.setLive(true);
    expect(await cache.get('k', ['services'], load)).toBe(4);
  });

  it('keeps a value that goes stale with time until its keepUntil, then loads again', async () => {
    const cache = createPublicCache();
    let n = 0;
    const load = async () => ++n;
    const keep = (now: number) => ({ now, keepUntil: () => 1000 });
    expect(await cache.get('k', ['bookings'], load, keep(0))).toBe(1);
    expect(await cache.get('k', ['bookings'], load, keep(999))).toBe(1);
    expect(await cache.get('k', ['bookings'], load, keep(1000))).toBe(2);
    // Its keepUntil is in the past for the new load too: it serves only the read that loaded it.
    expect(await cache.get('k', ['bookings'], load, keep(1000))).toBe(3);
  });

  it('a value kept for a while still goes with its table', async () => {
    const cache = createPublicCache();
    let n = 0;
    const load = async () => ++n;
    const keep = { now: 0, keepUntil: () => 60_000 };
    await cache.get('k', ['calendar_busy'], load, keep);
    cache.invalidate('calendar_busy');
    expect(await cache.get('k', ['calendar_busy'], load, keep)).toBe(2);
  });

  it('keeps at most maxEntries, dropping the oldest first', async () => {
    const cache = createPublicCache({ maxEntries: 2 });
    let n = 0;
    const load = async () => ++n;
    await cache.get('a', ['bookings'], load);
    await cache.get('b', ['bookings'], load);
    await cache.get('c', ['bookings'], load);
    expect(await cache.get('c', ['bookings'], load)).toBe(3);
    expect(await cache.get('b', ['bookings'], load)).toBe(2);
    expect(await cache.get('a', ['bookings'], load)).toBe(4);
  });
});
