import { describe, expect, it } from 'vitest';
import { nzInstant, nzTimeOf } from '@shared/time';
import { occupiedRange } from '../visits/occupied-range';
import { inPattern, patternDates } from './pattern';

// Runs under TZ=America/Los_Angeles and TZ=UTC (vitest.config.ts): nothing may follow the process zone.
describe('patternDates', () => {
  it('counts the first date among the N visits, every n weeks on the same weekday', () => {
    expect(patternDates({ firstDate: '2026-03-04', everyWeeks: 2, count: 4, until: null })).toEqual([
      '2026-03-04',
      '2026-03-18',
      '2026-04-01',
      '2026-04-15',
    ]);
  });

  it('stops at the last date on or before until', () => {
    expect(patternDates({ firstDate: '2026-01-05', everyWeeks: 3, count: null, until: '2026-02-16' })).toEqual([
      '2026-01-05',
      '2026-01-26',
      '2026-02-16',
    ]);
    expect(patternDates({ firstDate: '2026-01-05', everyWeeks: 3, count: null, until: '2026-02-15' })).toHaveLength(2);
  });

  it('ends before the date a "this and following" cancellation starts from', () => {
    const p = { firstDate: '2026-01-05', everyWeeks: 1, count: 10, until: null, endedFrom: '2026-01-19' };
    expect(patternDates(p)).toEqual(['2026-01-05', '2026-01-12']);
    expect(inPattern(p, '2026-01-19')).toBe(false);
    expect(inPattern(p, '2026-01-12')).toBe(true);
  });

  it('crosses the year end and a leap day', () => {
    expect(patternDates({ firstDate: '2027-12-20', everyWeeks: 1, count: 3, until: null })).toEqual([
      '2027-12-20',
      '2027-12-27',
      '2028-01-03',
    ]);
    expect(patternDates({ firstDate: '2028-02-22', everyWeeks: 1, count: 2, until: null })).toEqual([
      '2028-02-22',
      '2028-02-29',
    ]);
  });

  it('keeps 10:00 NZ across both daylight-saving changes: the instant moves an hour, the wall clock does not', () => {
    // NZ daylight saving ends on 5 April 2026 (NZDT +13 -> NZST +12) and starts on 27 September 2026.
    const april = patternDates({ firstDate: '2026-03-29', everyWeeks: 1, count: 2, until: null });
    expect(april).toEqual(['2026-03-29', '2026-04-05']);
    const [before, after] = april.map((d) => occupiedRange(d, '10:00', 60, 0).startsAt);
    expect(before!.toISOString()).toBe('2026-03-28T21:00:00.000Z');
    expect(after!.toISOString()).toBe('2026-04-04T22:00:00.000Z');
    const september = patternDates({ firstDate: '2026-09-20', everyWeeks: 2, count: 3, until: null });
    expect(september).toEqual(['2026-09-20', '2026-10-04', '2026-10-18']);
    const utcHours = september.map((d) => nzInstant(d, '10:00').getUTCHours());
    expect(utcHours).toEqual([22, 21, 21]);
    for (const d of [...april, ...september]) expect(nzTimeOf(nzInstant(d, '10:00'))).toBe('10:00');
  });
});
