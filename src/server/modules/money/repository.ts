/**
 * The Money tab's sums, done by the database (docs/decisions/032-money-summary.md): a year of payments is added up
 * by day, by service and by visit in a handful of grouped statements, so the summary stays well under 100 ms for
 * 5,000 visits. Voided payments never count; refunds are negative rows and count as such.
 */
import { sql } from 'drizzle-orm';
import type { DateRange } from '@shared/money-periods';
import type { PaymentMethod } from '@shared/constants';
import type { MoneyService } from '@shared/schemas/money';
import type { DbOrTx } from '../../db/client';
import type { DayTotal, UnpaidVisit } from './summary';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** Sums come back as bigint/numeric (strings on PostgreSQL); cents fit a double exactly. */
const num = (v: unknown) => Number(v ?? 0);

/** One row of the accountant's CSV: a payment that counts, with its visit. */
export interface MoneyExportRow {
  paymentId: number;
  paidAt: string;
  amountCents: number;
  method: PaymentMethod;
  /** Who recorded it: 'manual' (her), 'stripe' (Stripe's webhook), 'voucher' (a gift voucher taken). */
  source: string;
  isDeposit: boolean;
  /** The payment's note, read only for refunds (the reason a refund must give). */
  refundReason: string | null;
  bookingId: number;
  visitDate: string;
  clientName: string;
  serviceName: string;
  /** The visit's receipt numbers, '12, 15 (credit note)'; '' when none was issued. */
  receipts: string;
}

/** Who recorded a voucher sale: 'stripe' when bought online, 'manual' when she added one sold off-line. */
export type VoucherSaleSource = 'stripe' | 'manual';

export function createMoneyRepository(db: DbOrTx) {
  return {
    /**
     * In one pass over the payments: the totals of each NZ day of `read` that had any (the GST periods need whole
     * periods, wider than the range), and for `range` the income by the visit's service (as booked) and each
     * payment's travel share: the payment split in proportion to its visit's price and travel fee, rounded to the
     * cent (a deposit carries its share too); most visits have no travel fee, and skip the `numeric` division.
     */
    async payments(range: DateRange, read: DateRange) {
      const inRange = sql`p.paid_at BETWEEN ${range.from}::date AND ${range.to}::date`;
      const result = await db.execute(sql`
        SELECT p.paid_at::text AS date, b.service_name AS service,
               coalesce(sum(p.amount_cents), 0)::float8 AS received_all,
               coalesce(sum(-p.amount_cents) FILTER (WHERE p.amount_cents < 0), 0)::float8 AS refunded,
               coalesce(sum(p.amount_cents) FILTER (WHERE ${inRange}), 0)::float8 AS received,
               count(*) FILTER (WHERE ${inRange})::int AS payments,
               count(DISTINCT b.id) FILTER (WHERE ${inRange})::int AS visits,
               coalesce(sum(CASE WHEN b.travel_cost = 0 THEN 0
                                   ELSE round(p.amount_cents::numeric * b.travel_cost / (b.price + b.travel_cost)) END)
                          FILTER (WHERE ${inRange}), 0)::float8 AS travel
        FROM payments p JOIN bookings b ON b.id = p.booking_id
        WHERE p.voided_at IS NULL AND p.paid_at BETWEEN ${read.from}::date AND ${read.to}::date
        GROUP BY GROUPING SETS ((p.paid_at), (b.service_name))`);
      type Raw = {
        date: string | null;
        service: string | null;
        received_all: unknown;
        refunded: unknown;
        received: unknown;
        payments: unknown;
        visits: unknown;
        travel: unknown;
      };
      const rows = rowsOf<Raw>(result);
      const days: DayTotal[] = [];
      const byService: MoneyService[] = [];
      let travelFeesCents = 0;
      for (const r of rows) {
        if (r.date !== null) {
          days.push({ date: r.date, receivedCents: num(r.received_all), refundedCents: num(r.refunded) });
        } else if (r.service !== null && num(r.payments) > 0) {
          byService.push({ service: r.service, receivedCents: num(r.received), visits: num(r.visits) });
          travelFeesCents += num(r.travel);
        }
      }
      byService.sort((a, b) => b.receivedCents - a.receivedCents || a.service.localeCompare(b.service));
      return { days, byService, travelFeesCents };
    },

    /** Deposits received by `to` for visits after `to` still standing (requested or confirmed). */
    async depositsHeld(to: string): Promise<number> {
      const result = await db.execute(sql`
        SELECT coalesce(sum(p.amount_cents), 0)::float8 AS held
        FROM payments p JOIN bookings b ON b.id = p.booking_id
        WHERE p.voided_at IS NULL AND p.is_deposit AND p.paid_at <= ${to}::date
          AND b.date > ${to}::date AND b.status IN ('pending', 'confirmed')`);
      return num(rowsOf<{ held: unknown }>(result)[0]?.held);
    },

    /**
     * Confirmed visits dated from..to (the caller stops `to` at today) that are not fully paid by every payment
     * recorded so far (refunds do not make a visit owed again: src/shared/payments.ts); a no-show is left out
     * (a fee she charges is a payment).
     */
    async unpaidVisits({ from, to }: DateRange): Promise<UnpaidVisit[]> {
      const result = await db.execute(sql`
        SELECT b.price, b.travel_cost,
               coalesce(sum(p.amount_cents) FILTER (WHERE p.voided_at IS NULL AND p.amount_cents > 0), 0)::float8 AS paid_in
        FROM bookings b LEFT JOIN payments p ON p.booking_id = b.id
        WHERE b.status = 'confirmed' AND b.date BETWEEN ${from}::date AND ${to}::date
          AND b.outcome IS DISTINCT FROM 'no-show'
        GROUP BY b.id
        HAVING coalesce(sum(p.amount_cents) FILTER (WHERE p.voided_at IS NULL AND p.amount_cents > 0), 0)
               < b.price + b.travel_cost`);
      return rowsOf<{ price: unknown; travel_cost: unknown; paid_in: unknown }>(result).map((r) => ({
        price: num(r.price),
        travelCost: num(r.travel_cost),
        paidInCents: num(r.paid_in),
      }));
    },

    /** The payments of the range that count (voided ones left out), by date paid. */
    async exportRows({ from, to }: DateRange): Promise<MoneyExportRow[]> {
      const result = await db.execute(sql`
        SELECT p.id, p.paid_at::text AS paid_at, p.amount_cents, p.method, p.source, p.is_deposit,
               CASE WHEN p.amount_cents < 0 THEN p.note END AS refund_reason,
               b.id AS booking_id, b.date::text AS visit_date, b.first_name, b.last_name, b.service_name,
               coalesce((SELECT string_agg(r.number::text || CASE WHEN r.kind = 'credit-note' THEN ' (credit note)' ELSE '' END,
                                           ', ' ORDER BY r.number)
                         FROM receipts r WHERE r.booking_id = b.id), '') AS receipts
        FROM payments p JOIN bookings b ON b.id = p.booking_id
        WHERE p.voided_at IS NULL AND p.paid_at BETWEEN ${from}::date AND ${to}::date
        ORDER BY p.paid_at, p.id`);
      type Raw = {
        id: unknown;
        paid_at: string;
        amount_cents: unknown;
        method: PaymentMethod;
        source: string;
        is_deposit: boolean;
        refund_reason: string | null;
        booking_id: unknown;
        visit_date: string;
        first_name: string;
        last_name: string;
        service_name: string;
        receipts: string;
      };
      return rowsOf<Raw>(result).map((r) => ({
        paymentId: num(r.id),
        paidAt: r.paid_at,
        amountCents: num(r.amount_cents),
        method: r.method,
        source: r.source,
        isDeposit: r.is_deposit,
        refundReason: r.refund_reason,
        bookingId: num(r.booking_id),
        visitDate: r.visit_date,
        clientName: `${r.first_name} ${r.last_name}`.trim(),
        serviceName: r.service_name,
        receipts: r.receipts,
      }));
    },

    /** The CSV's Source of each voucher sold: 'stripe' when bought online, 'manual' when sold off-line. */
    async voucherSaleSources(voucherIds: readonly number[]): Promise<Map<number, VoucherSaleSource>> {
      if (voucherIds.length === 0) return new Map();
      const result = await db.execute(sql`
        SELECT id, channel FROM vouchers WHERE id IN (${sql.join(
          voucherIds.map((id) => sql`${id}`),
          sql`, `,
        )})`);
      return new Map(
        rowsOf<{ id: unknown; channel: string }>(result).map((r) => [
          num(r.id),
          r.channel === 'online' ? 'stripe' : 'manual',
        ]),
      );
    },
  };
}
