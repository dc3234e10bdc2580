import { describe, expect, it } from 'vitest';
import { cancelClosedByCutoff, canClientReschedule, insideChangeCutoff } from './booking-rules';
import { nzInstant } from './time';

/** The change cut-off (CHANGE_CUTOFF_HOURS, docs/product.md §4 "Changing a visit") on the Auckland wall clock, whatever
 * the process zone. */
describe('the change cut-off', () => {
  const visit = { date: '2025-04-06', time: '10:00' }; // the morning NZ daylight saving ends
  const start = nzInstant(visit.date, visit.time);
  const before = (hours: number) => new Date(start.getTime() - hours * 3600_000);

  it('is inside from `cutoffHours` before the start, and after it', () => {
    expect(insideChangeCutoff(visit, 24, before(24.01))).toBe(false);
    expect(insideChangeCutoff(visit, 24, before(24))).toBe(false);
    expect(insideChangeCutoff(visit, 24, before(23.99))).toBe(true);
    expect(insideChangeCutoff(visit, 24, before(0))).toBe(true);
    expect(insideChangeCutoff(visit, 24, before(-1))).toBe(true);
  });

  it('counts real hours across a clock change (25 wall-clock hours from the day before)', () => {
    // 10:00 the day before is 25 real hours earlier on this date, so outside a 24-hour cut-off.
    expect(insideChangeCutoff(visit, 24, nzInstant('2025-04-05', '10:00'))).toBe(false);
    expect(insideChangeCutoff(visit, 25, nzInstant('2025-04-05', '10:00'))).toBe(false);
    expect(insideChangeCutoff(visit, 25.5, nzInstant('2025-04-05', '10:00'))).toBe(true);
  });

  it('with 0 hours, only a started visit is inside', () => {
    expect(insideChangeCutoff(visit, 0, before(0.01))).toBe(false);
    expect(insideChangeCutoff(visit, 0, before(0))).toBe(true);
  });

  it('moving: pending or confirmed, outside the cut-off', () => {
    for (const status of ['pending', 'confirmed'] as const) {
      expect(canClientReschedule({ ...visit, status }, 24, before(30))).toBe(true);
      expect(canClientReschedule({ ...visit, status }, 24, before(20))).toBe(false);
    }
    for (const status of ['cancelled', 'rejected'] as const)
      expect(canClientReschedule({ ...visit, status }, 24, before(30))).toBe(false);
  });

  it('cancelling: closed by the cut-off for a confirmed visit only (a request can be withdrawn until it starts)', () => {
    expect(cancelClosedByCutoff({ ...visit, status: 'confirmed' }, 24, before(20))).toBe(true);
    expect(cancelClosedByCutoff({ ...visit, status: 'confirmed' }, 24, before(30))).toBe(false);
    expect(cancelClosedByCutoff({ ...visit, status: 'pending' }, 24, before(20))).toBe(false);
  });
});
