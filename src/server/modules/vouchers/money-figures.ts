/**
 * Gift vouchers on the Money tab and in its CSV (docs/product.md §18.5): a voucher sold is income received
 * in advance, apart from takings (no GST then); the visit it pays is takings, its 'voucher' payment counted with the
 * others on the date of the visit's confirmation, when GST falls due. Summed by the database, as the tab's other
 * figures are (decision 032).
 */
import { sql } from 'drizzle-orm';
import type { DateRange } from '@shared/money-periods';
import type { DbOrTx } from '../../db/client';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const num = (v: unknown) => Number(v ?? 0);

export interface VoucherMoney {
  /** Vouchers issued (sold) in the period, and their value. */
  soldCount: number;
  soldCents: number;
  /** Paid by vouchers in the period (payments of method 'voucher'): already in the takings. */
  redeemedCents: number;
  /** What was left at the end of the period on vouchers sold by then and not yet expired: still owed in visits. */
  outstandingCents: number;
  /** What was left unspent on vouchers that expired in the period (the day after their last day fell in it). */
  expiredUnspentCents: number;
}

/** A voucher sold, as a row of the accountant's CSV. */
export interface VoucherSaleRow {
  voucherId: number;
  soldOn: string;
  valueCents: number;
  saleMethod: 'card' | 'cash' | 'bank-transfer';
  buyerName: string;
  recipientName: string;
  codeHint: string;
}

/** The cents spent from voucher v by payments dated up to `day` (voided ones not counted). */
const spentBy = (day: string) => sql`coalesce((SELECT sum(p.amount_cents) FROM voucher_redemptions r
  JOIN payments p ON p.id = r.payment_id WHERE r.voucher_id = v.id AND p.voided_at IS NULL
  AND p.paid_at <= ${day}::date), 0)`;

export async function voucherMoney(db: DbOrTx, { from, to }: DateRange): Promise<VoucherMoney> {
  const result = await db.execute(sql`
    SELECT
      (SELECT count(*) FROM vouchers v WHERE v.status = 'issued' AND v.sold_on BETWEEN ${from}::date AND ${to}::date)::int AS sold_count,
      (SELECT coalesce(sum(v.value_cents), 0) FROM vouchers v
        WHERE v.status = 'issued' AND v.sold_on BETWEEN ${from}::date AND ${to}::date)::float8 AS sold,
      (SELECT coalesce(sum(p.amount_cents), 0) FROM payments p
        WHERE p.method = 'voucher' AND p.voided_at IS NULL AND p.paid_at BETWEEN ${from}::date AND ${to}::date)::float8 AS redeemed,
      (SELECT coalesce(sum(v.value_cents - ${spentBy(to)}), 0) FROM vouchers v
        WHERE v.status = 'issued' AND v.sold_on <= ${to}::date AND v.expires_on >= ${to}::date)::float8 AS outstanding,
      (SELECT coalesce(sum(v.value_cents - ${spentBy(to)}), 0) FROM vouchers v
        WHERE v.status = 'issued' AND v.expires_on >= ${from}::date - 1 AND v.expires_on < ${to}::date)::float8 AS expired`);
  const r = rowsOf<Record<string, unknown>>(result)[0] ?? {};
  return {
    soldCount: num(r.sold_count),
    soldCents: num(r.sold),
    redeemedCents: num(r.redeemed),
    outstandingCents: num(r.outstanding),
    expiredUnspentCents: num(r.expired),
  };
}

/** The vouchers sold in the period, by sale date. */
export async function voucherSales(db: DbOrTx, { from, to }: DateRange): Promise<VoucherSaleRow[]> {
  const result = await db.execute(sql`
    SELECT id, sold_on::text AS sold_on, value_cents, sale_method, buyer_name, recipient_name, code_hint
    FROM vouchers WHERE status = 'issued' AND sold_on BETWEEN ${from}::date AND ${to}::date
    ORDER BY sold_on, id`);
  type Raw = {
    id: unknown;
    sold_on: string;
    value_cents: unknown;
    sale_method: VoucherSaleRow['saleMethod'];
    buyer_name: string;
    recipient_name: string;
    code_hint: string;
  };
  return rowsOf<Raw>(result).map((r) => ({
    voucherId: num(r.id),
    soldOn: r.sold_on,
    valueCents: num(r.value_cents),
    saleMethod: r.sale_method,
    buyerName: r.buyer_name,
    recipientName: r.recipient_name,
    codeHint: r.code_hint,
  }));
}
