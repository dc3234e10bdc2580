import { describe, expect, it } from 'vitest';
import {
  gstPeriodOf,
  gstPeriodsOverlapping,
  monthLabel,
  monthRange,
  monthsOf,
  nzNumericDate,
  quarterRange,
  taxYearRange,
} from './money-periods';

describe('the periods of the Money tab', () => {
  it('finds the month, the quarter and the NZ tax year (1 April to 31 March) of a date', () => {
    expect(monthRange('2024-02-10')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthRange('2025-12-31')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(quarterRange('2025-05-20')).toEqual({ from: '2025-04-01', to: '2025-06-30' });
    expect(quarterRange('2025-12-01')).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(taxYearRange('2026-03-31')).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(taxYearRange('2026-04-01')).toEqual({ from: '2026-04-01', to: '2027-03-31' });
  });

  it('lists every month a range touches, across a year end', () => {
    expect(monthsOf({ from: '2025-11-15', to: '2026-02-01' })).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsOf({ from: '2025-04-01', to: '2026-03-31' })).toHaveLength(12);
  });

  it('puts two-monthly GST periods ending in even months, six-monthly ones ending September and March', () => {
    expect(gstPeriodOf('2025-04-30', 2)).toEqual({ from: '2025-03-01', to: '2025-04-30' });
    expect(gstPeriodOf('2026-01-01', 2)).toEqual({ from: '2026-01-01', to: '2026-02-28' });
    expect(gstPeriodOf('2026-02-15', 6)).toEqual({ from: '2025-10-01', to: '2026-03-31' });
    expect(gstPeriodOf('2025-04-01', 6)).toEqual({ from: '2025-04-01', to: '2025-09-30' });
    expect(gstPeriodOf('2025-07-09', 1)).toEqual({ from: '2025-07-01', to: '2025-07-31' });
  });

  it('lists the whole GST periods a range touches', () => {
    const periods = gstPeriodsOverlapping({ from: '2025-04-01', to: '2026-03-31' }, 2);
    expect(periods).toHaveLength(7);
    expect(periods[0]).toEqual({ from: '2025-03-01', to: '2025-04-30' });
    expect(periods.at(-1)).toEqual({ from: '2026-03-01', to: '2026-04-30' });
    expect(gstPeriodsOverlapping({ from: '2025-04-01', to: '2026-03-31' }, 6)).toEqual([
      { from: '2025-04-01', to: '2025-09-30' },
      { from: '2025-10-01', to: '2026-03-31' },
    ]);
  });

  it('writes months and dates as New Zealanders read them', () => {
    expect(monthLabel('2026-04')).toBe('Apr 2026');
    expect(nzNumericDate('2026-04-01')).toBe('1/04/2026');
    expect(nzNumericDate('2025-12-25')).toBe('25/12/2025');
  });
});
