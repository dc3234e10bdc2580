import { describe, expect, it } from 'vitest';
import { chosenRange, periodOptions } from './period-choice';

const TODAY = '2026-02-14';

describe('the Money tab periods', () => {
  it('offers this month, and the last 24 months newest first', () => {
    expect(periodOptions('this-month', TODAY)).toEqual([
      { value: '2026-02-01', label: 'Feb 2026', range: { from: '2026-02-01', to: '2026-02-28' } },
    ]);
    const months = periodOptions('month', TODAY);
    expect(months).toHaveLength(24);
    expect(months[1]).toMatchObject({ label: 'Jan 2026', range: { from: '2026-01-01', to: '2026-01-31' } });
    expect(months.at(-1)?.label).toBe('Mar 2024');
  });

  it('offers calendar quarters', () => {
    const quarters = periodOptions('quarter', TODAY);
    expect(quarters[0]).toMatchObject({ label: 'Jan-Mar 2026', range: { from: '2026-01-01', to: '2026-03-31' } });
    expect(quarters[1]).toMatchObject({ label: 'Oct-Dec 2025', range: { from: '2025-10-01', to: '2025-12-31' } });
  });

  it('offers NZ tax years, 1 April to 31 March, the current one first', () => {
    const years = periodOptions('tax-year', TODAY);
    expect(years[0]).toMatchObject({ label: '2025-26 tax year', range: { from: '2025-04-01', to: '2026-03-31' } });
    expect(periodOptions('tax-year', '2026-04-01')[0]?.range).toEqual({ from: '2026-04-01', to: '2027-03-31' });
  });

  it('falls back to the newest choice of a kind', () => {
    expect(chosenRange('tax-year', '2024-04-01', TODAY).range.from).toBe('2024-04-01');
    expect(chosenRange('tax-year', 'nonsense', TODAY).range.from).toBe('2025-04-01');
  });
});
