import { describe, expect, it } from 'vitest';
import { HOUR_MS, MINUTE_MS } from '@shared/time';
import { isOverdue, overdueFrom, pressRefusal, recordedTime } from './rules';

const start = new Date('2026-03-02T21:00:00Z'); // 10:00 NZ time
const end = new Date(start.getTime() + 60 * MINUTE_MS);
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

describe('recordedTime: the bounds on the phone time', () => {
  const now = at(start, 30 * MINUTE_MS);

  it('trusts a press queued offline with its real, earlier time', () => {
    const phone = at(start, -5 * MINUTE_MS);
    expect(recordedTime(phone, now, start)).toEqual({ at: phone, fromServer: false });
  });

  it('trusts a phone clock up to 2 min ahead, not more', () => {
    expect(recordedTime(at(now, 2 * MINUTE_MS), now, start).fromServer).toBe(false);
    expect(recordedTime(at(now, 2 * MINUTE_MS + 1), now, start)).toEqual({ at: now, fromServer: true });
  });

  it('trusts a press up to 24 h old, not older', () => {
    const late = at(start, 25 * HOUR_MS); // received a day after the visit
    expect(recordedTime(at(late, -24 * HOUR_MS), late, start).fromServer).toBe(false);
    expect(recordedTime(at(late, -24 * HOUR_MS - 1), late, start)).toEqual({ at: late, fromServer: true });
  });

  it("trusts a press up to 3 h before the visit's start, not earlier", () => {
    expect(recordedTime(at(start, -3 * HOUR_MS), now, start).fromServer).toBe(false);
    expect(recordedTime(at(start, -3 * HOUR_MS - 1), now, start)).toEqual({ at: now, fromServer: true });
  });

  it('uses the server time for an invalid date', () => {
    expect(recordedTime(new Date('nonsense'), now, start)).toEqual({ at: now, fromServer: true });
  });
});

describe('isOverdue with a fake clock', () => {
  const arrived = { arrivedAt: start, leftAt: null, endsAt: end };

  it("is overdue from the visit's end plus the grace, not a millisecond before", () => {
    expect(overdueFrom(end, 30)).toEqual(at(end, 30 * MINUTE_MS));
    expect(isOverdue(arrived, 30, at(end, 30 * MINUTE_MS - 1))).toBe(false);
    expect(isOverdue(arrived, 30, at(end, 30 * MINUTE_MS))).toBe(true);
    expect(isOverdue(arrived, 30, at(end, 31 * MINUTE_MS))).toBe(true);
  });

  it('follows the grace she chose', () => {
    expect(isOverdue(arrived, 5, at(end, 5 * MINUTE_MS))).toBe(true);
    expect(isOverdue(arrived, 240, at(end, 239 * MINUTE_MS))).toBe(false);
  });

  it("is never overdue once she pressed 'Leaving', nor before she arrived", () => {
    const late = at(end, 10 * HOUR_MS);
    expect(isOverdue({ ...arrived, leftAt: at(end, 40 * MINUTE_MS) }, 30, late)).toBe(false);
    expect(isOverdue({ arrivedAt: null, leftAt: null, endsAt: end }, 30, late)).toBe(false);
  });
});

describe('pressRefusal', () => {
  it('takes presses only for a confirmed visit', () => {
    expect(pressRefusal('pending', 'arrived', { arrived: false, left: false })?.code).toBe('CHECK_IN_NOT_CONFIRMED');
    expect(pressRefusal('cancelled', 'leaving', { arrived: true, left: false })?.code).toBe('CHECK_IN_NOT_CONFIRMED');
  });

  it("refuses 'Leaving' before 'Arrived' and a second press of either", () => {
    expect(pressRefusal('confirmed', 'leaving', { arrived: false, left: false })?.message).toMatch(/before 'Arrived'/);
    expect(pressRefusal('confirmed', 'arrived', { arrived: true, left: false })?.code).toBe('CHECK_IN_OUT_OF_ORDER');
    expect(pressRefusal('confirmed', 'leaving', { arrived: true, left: true })?.code).toBe('CHECK_IN_OUT_OF_ORDER');
  });

  it('allows the presses in order', () => {
    expect(pressRefusal('confirmed', 'arrived', { arrived: false, left: false })).toBeNull();
    expect(pressRefusal('confirmed', 'leaving', { arrived: true, left: false })).toBeNull();
  });
});
