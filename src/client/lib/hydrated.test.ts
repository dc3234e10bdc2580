import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The module keeps one page's state: each test loads it afresh.
const load = async () => {
  vi.resetModules();
  return import('./hydrated');
};

describe('afterHydration', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for the hydration, then runs each caller in a task of its own', async () => {
    const { afterHydration, markHydrated, isHydrated } = await load();
    const order: string[] = [];
    afterHydration(() => order.push('sheet'));
    afterHydration(() => order.push('badge'));
    vi.runAllTimers();
    expect(order).toEqual([]);

    markHydrated();
    expect(isHydrated()).toBe(true);
    // Not within the task that marked it.
    expect(order).toEqual([]);
    // Two timers: two tasks, not one holding both.
    expect(vi.getTimerCount()).toBe(2);
    vi.runAllTimers();
    expect(order).toEqual(['sheet', 'badge']);
  });

  it('runs in the next task once the page is hydrated, and only once however often it is marked', async () => {
    const { afterHydration, markHydrated } = await load();
    markHydrated();
    const work = vi.fn();
    afterHydration(work);
    markHydrated();
    vi.runAllTimers();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled, before or after the hydration', async () => {
    const { afterHydration, markHydrated } = await load();
    const before = vi.fn();
    const after = vi.fn();
    afterHydration(before)();
    const cancelAfter = afterHydration(after);
    markHydrated();
    cancelAfter();
    vi.runAllTimers();
    expect(before).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });
});
