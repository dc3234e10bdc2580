import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPollLoop } from './poll-loop';

afterEach(() => {
  vi.useRealTimers();
});

describe('createPollLoop', () => {
  it('never overlaps two runs: a call made during a run starts when it ends', async () => {
    const order: string[] = [];
    let n = 0;
    const loop = createPollLoop({
      run: async () => {
        const mine = ++n;
        order.push(`start ${mine}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push(`end ${mine}`);
        return mine;
      },
      pollMs: 1000,
      onError: () => {},
    });
    expect(await Promise.all([loop.runOnce(), loop.runOnce()])).toEqual([1, 2]);
    expect(order).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
  });

  it('runs at once when started, then pollMs after each run; a failed run is reported and polling goes on', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let runs = 0;
    const loop = createPollLoop({
      run: () => {
        runs++;
        return runs === 2 ? Promise.reject(new Error('down')) : Promise.resolve(runs);
      },
      pollMs: 1000,
      onError: (err) => errors.push(err),
    });
    loop.start();
    loop.start(); // once only
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(2);
    expect(errors).toEqual([new Error('down')]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(3);
    await loop.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(3);
    loop.start(); // not after stop()
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(3);
  });

  it('stop() waits for the run under way', async () => {
    let release!: () => void;
    let ended = false;
    const loop = createPollLoop({
      run: async () => {
        await new Promise<void>((resolve) => (release = resolve));
        ended = true;
      },
      pollMs: 1000,
      onError: () => {},
    });
    void loop.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 0)); // the run has begun
    const stopped = loop.stop();
    release();
    await stopped;
    expect(ended).toBe(true);
  });
});
