/**
 * The Money tab (docs/product.md §18.4, docs/decisions/032-money-summary.md): GET /api/admin/money and
 * GET /api/admin/money/export.csv. Every figure is computed on the server from the stored payments; the tab shows it.
 */
import { z } from 'zod';
import type { GstPeriodMonths } from '../money-periods';
import { addDaysToDate, isValidDateString } from '../time';
import { dateField, EXPORT_MESSAGES } from './export';

/** A year and a day: a whole (leap) tax year, or a GST year, in one answer; more is another request. */
export const MAX_MONEY_DAYS = 366;

export const MONEY_MESSAGES = {
  ...EXPORT_MESSAGES,
  tooLong: `Choose a period of at most ${MAX_MONEY_DAYS} days`,
  gstPeriod: 'The GST period must be 1, 2 or 6 months',
} as const;

const range = {
  from: dateField(MONEY_MESSAGES.fromRequired, MONEY_MESSAGES.fromInvalid),
  to: dateField(MONEY_MESSAGES.toRequired, MONEY_MESSAGES.toInvalid),
};

function checkRange({ from, to }: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (!isValidDateString(from) || !isValidDateString(to)) return;
  if (to < from) ctx.addIssue({ code: 'custom', path: ['to'], message: MONEY_MESSAGES.toBeforeFrom });
  else if (to > addDaysToDate(from, MAX_MONEY_DAYS - 1))
    ctx.addIssue({ code: 'custom', path: ['to'], message: MONEY_MESSAGES.tooLong });
}

/** GET /api/admin/money: NZ dates, both included; `gstPeriod` months (two-monthly by default). */
export const moneyQuerySchema = z
  .object({
    ...range,
    gstPeriod: z
      .enum(['1', '2', '6'], { error: MONEY_MESSAGES.gstPeriod })
      .default('2')
      .transform((v) => Number(v) as GstPeriodMonths),
  })
  .superRefine(checkRange);
export type MoneyQuery = z.output<typeof moneyQuerySchema>;

/** GET /api/admin/money/export.csv: the same range. */
export const moneyExportQuerySchema = z.object(range).superRefine(checkRange);

const cents = z.number().int();

export const moneyMonthSchema = z.object({
  /** 'YYYY-MM'; every month the period touches, zeros included. */
  month: z.string(),
  /** Net of refunds (the payments dated in the month and in the period). */
  receivedCents: cents,
  refundedCents: cents,
});

export const moneyServiceSchema = z.object({
  /** The service as the visit was booked (its name then). */
  service: z.string(),
  receivedCents: cents,
  visits: z.number().int(),
});

export const gstPeriodSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The GST-inclusive takings of the whole period (payments basis), net of refunds. */
  takingsCents: cents,
  gstCents: cents,
});

export const moneySummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Payments dated in the period, voided ones left out, refunds subtracted. */
  receivedCents: cents,
  /** Money paid back in the period (a positive amount; already subtracted from receivedCents). */
  refundedCents: cents,
  /** The travel fee's share of what was received (each payment split in proportion to its visit's total). */
  travelFeesCents: cents,
  /** Deposits received by `to` for visits after `to` that still stand. */
  depositsHeldCents: cents,
  /** What confirmed visits of the period, up to today, still owe (no-shows left out). */
  owedCents: cents,
  owedVisits: z.number().int(),
  gstRegistered: z.boolean(),
  /** 3/23 of receivedCents when registered; 0 otherwise. */
  gstCents: cents,
  gstPeriodMonths: z.union([z.literal(1), z.literal(2), z.literal(6)]),
  /** Each whole GST period the range touches (empty when not registered). */
  gstPeriods: z.array(gstPeriodSchema),
  /** Km driven to confirmed visits of the period up to today, as the mileage log counts them. */
  km: z.number(),
  byMonth: z.array(moneyMonthSchema),
  byService: z.array(moneyServiceSchema),
  /**
   * Gift vouchers (docs/product.md §18.5): sold = income received in advance, not in receivedCents and no
   * GST; redeemed = paid by vouchers, already in receivedCents (GST counts then); outstanding = left on vouchers
   * still valid at `to`; expiredUnspent = left on vouchers that expired in the period.
   */
  vouchers: z.object({
    soldCount: z.number().int(),
    soldCents: cents,
    redeemedCents: cents,
    outstandingCents: cents,
    expiredUnspentCents: cents,
  }),
});
export type MoneySummary = z.output<typeof moneySummarySchema>;
export type MoneyMonth = z.output<typeof moneyMonthSchema>;
export type MoneyService = z.output<typeof moneyServiceSchema>;
export type GstPeriod = z.output<typeof gstPeriodSchema>;

export const moneySummaryUrl = ({ from, to, gstPeriod }: { from: string; to: string; gstPeriod: GstPeriodMonths }) =>
  `/api/admin/money?${new URLSearchParams({ from, to, gstPeriod: String(gstPeriod) }).toString()}`;

export const moneyExportUrl = ({ from, to }: { from: string; to: string }) =>
  `/api/admin/money/export.csv?${new URLSearchParams({ from, to }).toString()}`;

/** The file name the server gives the download. */
export const moneyExportFilename = (from: string, to: string) => `homevisit-money-${from}-to-${to}.csv`;
