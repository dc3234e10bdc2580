import { describe, expect, it } from 'vitest';
import { buildSummary, summaryReadRange, type SummaryInput } from './summary';

const input = (over: Partial<SummaryInput> = {}): SummaryInput => ({
  range: { from: '2025-04-15', to: '2025-06-10' },
  gstPeriodMonths: 2,
  gstRegistered: true,
  days: [],
  byService: [],
  travelFeesCents: 0,
  depositsHeldCents: 0,
  unpaid: [],
  km: 0,
  ...over,
});

describe('buildSummary', () => {
  it('reads the whole GST periods the range touches', () => {
    expect(summaryReadRange({ from: '2025-04-15', to: '2025-06-10' }, 2)).toEqual({
      from: '2025-03-01',
      to: '2025-06-30',
    });
  });

  it('sums the range only, month by month, edges cut at the range', () => {
    const s = buildSummary(
      input({
        days: [
          { date: '2025-03-20', receivedCents: 5000, refundedCents: 0 }, // before the range: its GST period only
          { date: '2025-04-14', receivedCents: 1000, refundedCents: 0 }, // the day before: out
          { date: '2025-04-15', receivedCents: 8000, refundedCents: 0 },
          { date: '2025-05-31', receivedCents: -2000, refundedCents: 2000 },
          { date: '2025-06-10', receivedCents: 11500, refundedCents: 0 },
          { date: '2025-06-11', receivedCents: 700, refundedCents: 0 }, // the day after: out
        ],
      }),
    );
    expect(s.receivedCents).toBe(17500);
    expect(s.refundedCents).toBe(2000);
    expect(s.byMonth).toEqual([
      { month: '2025-04', receivedCents: 8000, refundedCents: 0 },
      { month: '2025-05', receivedCents: -2000, refundedCents: 2000 },
      { month: '2025-06', receivedCents: 11500, refundedCents: 0 },
    ]);
    expect(s.gstCents).toBe(Math.round((17500 * 3) / 23));
    expect(s.gstPeriods).toEqual([
      { from: '2025-03-01', to: '2025-04-30', takingsCents: 14000, gstCents: 1826 },
      { from: '2025-05-01', to: '2025-06-30', takingsCents: 10200, gstCents: 1330 },
    ]);
  });

  it('owes what each unpaid visit lacks, by the shared rule (an overpaid one owes nothing)', () => {
    const s = buildSummary(
      input({
        unpaid: [
          { price: 8000, travelCost: 1000, paidInCents: 2000 },
          { price: 8000, travelCost: 0, paidInCents: 0 },
          { price: 8000, travelCost: 0, paidInCents: 9000 },
        ],
      }),
    );
    expect(s.owedCents).toBe(7000 + 8000);
    expect(s.owedVisits).toBe(2);
  });

  it('answers no GST when she is not registered', () => {
    const s = buildSummary(
      input({ gstRegistered: false, days: [{ date: '2025-05-01', receivedCents: 8000, refundedCents: 0 }] }),
    );
    expect(s).toMatchObject({ gstRegistered: false, gstCents: 0, gstPeriods: [], receivedCents: 8000 });
  });
});
