import { describe, expect, it } from 'vitest';
import { occupiedRange } from './occupied-range';

// Runs under TZ=America/Los_Angeles and TZ=UTC (see vitest.config.ts): nothing may follow the process zone.
describe('occupiedRange', () => {
  it('adds the duration and the buffer in real minutes', () => {
    const r = occupiedRange('2025-03-05', '10:00', 90, 30);
    expect(r.startsAt.toISOString()).toBe('2025-03-04T21:00:00.000Z');
    expect(r.endsAt.toISOString()).toBe('2025-03-04T22:30:00.000Z');
    expect(r.bufferEndsAt.toISOString()).toBe('2025-03-04T23:00:00.000Z');
  });
});
