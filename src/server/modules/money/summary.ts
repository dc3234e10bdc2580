/**
 * The Money tab's figures from what the repository summed (docs/product.md §18.4, decision 032). Pure: the SQL adds
 * up payments by day, service and visit; this file turns the day totals into months and GST periods and applies the
 * shared money rules (src/shared/payments.ts), so a balance or GST is computed one way.
 */
import { gstPeriodsOverlapping, monthsOf, type DateRange, type GstPeriodMonths } from '@shared/money-periods';
import { gstOfInclusiveCents, owedCents, visitTotalCents } from '@shared/payments';
import type { MoneySummary } from '@shared/schemas/money';

/** The payments of one NZ day, voided ones left out. */
export interface DayTotal {
  date: string;
  /** Net: money in minus refunds. */
  receivedCents: number;
  /** Refunds as a positive amount. */
  refundedCents: number;
}

/** A confirmed visit of the period that is not fully paid, with all that was paid in (paidInCents). */
export interface UnpaidVisit {
  price: number;
  travelCost: number;
  paidInCents: number;
}

export interface SummaryInput {
  range: DateRange;
  gstPeriodMonths: GstPeriodMonths;
  gstRegistered: boolean;
  /** Day totals over at least `summaryReadRange(range, months)`. */
  days: readonly DayTotal[];
  byService: MoneySummary['byService'];
  travelFeesCents: number;
  depositsHeldCents: number;
  unpaid: readonly UnpaidVisit[];
  km: number;
}

/** The days the repository must sum: the range, widened to the whole GST periods it touches. */
export function summaryReadRange(range: DateRange, months: GstPeriodMonths): DateRange {
  const periods = gstPeriodsOverlapping(range, months);
  return { from: periods[0]?.from ?? range.from, to: periods.at(-1)?.to ?? range.to };
}

function sumDays(days: readonly DayTotal[], range: DateRange): { receivedCents: number; refundedCents: number } {
  let receivedCents = 0;
  let refundedCents = 0;
  for (const d of days) {
    if (d.date < range.from || d.date > range.to) continue;
    receivedCents += d.receivedCents;
    refundedCents += d.refundedCents;
  }
  return { receivedCents, refundedCents };
}

/** Everything but the gift vouchers' figures, which the route adds as their module sums them. */
export function buildSummary(input: SummaryInput): Omit<MoneySummary, 'vouchers'> {
  const { range, days } = input;
  const total = sumDays(days, range);
  // A month at the range's edge counts only the range's days of it.
  const byMonth = monthsOf(range).map((month) => ({
    month,
    ...sumDays(days, {
      from: `${month}-01` < range.from ? range.from : `${month}-01`,
      to: `${month}-31` > range.to ? range.to : `${month}-31`,
    }),
  }));
  const gstPeriods = input.gstRegistered
    ? gstPeriodsOverlapping(range, input.gstPeriodMonths).map((period) => {
        const takingsCents = sumDays(days, period).receivedCents;
        return { ...period, takingsCents, gstCents: gstOfInclusiveCents(takingsCents) };
      })
    : [];
  let owed = 0;
  for (const v of input.unpaid) owed += owedCents(visitTotalCents(v), v.paidInCents);
  return {
    from: range.from,
    to: range.to,
    receivedCents: total.receivedCents,
    refundedCents: total.refundedCents,
    travelFeesCents: input.travelFeesCents,
    depositsHeldCents: input.depositsHeldCents,
    owedCents: owed,
    owedVisits: input.unpaid.filter((v) => owedCents(visitTotalCents(v), v.paidInCents) > 0).length,
    gstRegistered: input.gstRegistered,
    gstCents: input.gstRegistered ? gstOfInclusiveCents(total.receivedCents) : 0,
    gstPeriodMonths: input.gstPeriodMonths,
    gstPeriods,
    km: input.km,
    byMonth,
    byService: input.byService,
  };
}
