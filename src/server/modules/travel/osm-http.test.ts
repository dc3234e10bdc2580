import { describe, expect, it } from 'vitest';
import { createHostQueue, defaultUserAgent, QueueFullError } from './osm-http';

describe('createHostQueue', () => {
  it('gives each host one request per interval, in the order asked', async () => {
    const queue = createHostQueue(100);
    const t0 = Date.now();
    const started: Record<string, number> = {};
    const task = (name: string) => async () => void (started[name] = Date.now() - t0);
    await Promise.all([
      queue.run('a.example', task('a1')),
      queue.run('a.example', task('a2')),
      queue.run('b.example', task('b1')),
      queue.run('a.example', task('a3')),
    ]);
    expect(started.a1).toBeLessThan(50);
    expect(started.b1).toBeLessThan(50); // another host: its own turns
    expect(started.a2! - started.a1!).toBeGreaterThanOrEqual(95);
    expect(started.a3! - started.a2!).toBeGreaterThanOrEqual(95);
  });

  it('a caller that would wait too long gives up at once and takes no turn', async () => {
    const queue = createHostQueue(100);
    const first = queue.run('a.example', async () => 1);
    const second = queue.run('a.example', async () => 2); // in 100 ms
    const started = Date.now();
    await expect(queue.run('a.example', async () => 3, { maxWaitMs: 150 })).rejects.toBeInstanceOf(QueueFullError);
    expect(Date.now() - started).toBeLessThan(50);
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    // The turn it did not take is free: the next caller waits one interval, not two.
    const t = Date.now();
    await queue.run('a.example', async () => {});
    expect(Date.now() - t).toBeLessThan(150);
  });
});

describe('defaultUserAgent', () => {
  it('names the software and her site', () => {
    expect(defaultUserAgent('https://kapiti-massage.nz')).toBe('Homevisit (https://kapiti-massage.nz)');
  });
});
