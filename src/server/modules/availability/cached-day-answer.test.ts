import { describe, expect, it } from 'vitest';
import { MINUTE_MS, nzInstant } from '@shared/time';
import { DAY_ANSWER_MAX_KEEP_MS, dayAnswerKey, dayAnswerKeptUntil } from './cached-day-answer';

const policy = { minNoticeMinutes: 24 * 60 };
const at = (iso: string) => new Date(iso);

describe('dayAnswerKeptUntil', () => {
  it('keeps a date well ahead for the longest keep', () => {
    const now = at('2026-11-24T23:00:00Z'); // Wed 25 Nov, 12:00 in Auckland
    expect(dayAnswerKeptUntil('2026-12-10', {}, policy, now)).toBe(now.getTime() + DAY_ANSWER_MAX_KEEP_MS);
  });

  it('stops when the minimum notice reaches the date', () => {
    const now = at('2026-11-25T10:58:00Z'); // 23:58 on Wed 25 Nov in Auckland
    const date = '2026-11-27';
    // The notice (24 h) reaches Fri 27 Nov's midnight at Thu 26 Nov 00:00, which is also the next midnight.
    expect(dayAnswerKeptUntil(date, {}, policy, now)).toBe(nzInstant('2026-11-26').getTime());
    // A date the notice already reaches is not kept at all.
    expect(dayAnswerKeptUntil('2026-11-26', {}, policy, now)).toBeLessThanOrEqual(now.getTime());
  });

  it('stops at the next Auckland midnight, on the night the clocks go forward too', () => {
    const now = at('2026-09-26T11:57:00Z'); // 23:57 on Sat 26 Sep (NZST); midnight is 12:00Z
    expect(dayAnswerKeptUntil('2026-10-10', {}, policy, now)).toBe(at('2026-09-26T12:00:00Z').getTime());
  });

  it('stops when the first pending request in it expires', () => {
    const now = at('2026-11-24T23:00:00Z');
    const firstExpiry = now.getTime() + 2 * MINUTE_MS;
    expect(dayAnswerKeptUntil('2026-12-10', { firstExpiry }, policy, now)).toBe(firstExpiry);
  });
});

describe('dayAnswerKey', () => {
  it('tells apart the date, the length and where the visitor is', () => {
    const keys = new Set([
      dayAnswerKey('2026-12-10', 60, undefined),
      dayAnswerKey('2026-12-11', 60, undefined),
      dayAnswerKey('2026-12-10', 90, undefined),
      dayAnswerKey('2026-12-10', 60, { location: null }),
      dayAnswerKey('2026-12-10', 60, { location: { lat: -37.8, lon: 174.87 } }),
      dayAnswerKey('2026-12-10', 60, { location: { lat: -37.8, lon: 174.88 } }),
    ]);
    expect(keys.size).toBe(6);
    expect(dayAnswerKey('2026-12-10', 60, { location: { lat: -37.8, lon: 174.87 } })).toBe(
      dayAnswerKey('2026-12-10', 60, { location: { lat: -37.8, lon: 174.87 } }),
    );
  });
});
