/**
 * Gift vouchers as stored (docs/product.md §18.5, migration 0029). A voucher's balance is never a column: it is its
 * value less the 'voucher' payments of its redemptions that stand (a void gives the amount back), summed here in one
 * place.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, payments, voucherRedemptions, voucherSettings, vouchers } from '../../db/schema';

export type VoucherRow = typeof vouchers.$inferSelect;
export type NewVoucher = typeof vouchers.$inferInsert;
export type RedemptionRow = typeof voucherRedemptions.$inferSelect;

/** A voucher with what its standing voucher payments took from it. */
export interface VoucherWithUse extends VoucherRow {
  usedCents: number;
}

/** The cents taken from a voucher: its redemptions' payments, voided ones not counted. */
const usedOf = (voucherId: unknown) => sql<number>`(
  SELECT coalesce(sum(p.amount_cents), 0)::int FROM voucher_redemptions r JOIN payments p ON p.id = r.payment_id
  WHERE r.voucher_id = ${voucherId} AND p.voided_at IS NULL)`;

/** What the visit needs to be paid from a voucher. */
export interface VoucherBooking {
  id: number;
  status: (typeof bookings.$inferSelect)['status'];
}

export const vouchersRepository = {
  async settings(db: DbOrTx) {
    const [row] = await db.select().from(voucherSettings).where(eq(voucherSettings.id, 1));
    return row!;
  },

  async saveSettings(
    db: DbOrTx,
    values: { presetAmountsCents: number[]; offerServices: boolean; expiryMonths: number },
  ) {
    const [row] = await db
      .update(voucherSettings)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(voucherSettings.id, 1))
      .returning();
    return row!;
  },

  async insert(db: DbOrTx, values: NewVoucher): Promise<VoucherRow> {
    const [row] = await db.insert(vouchers).values(values).returning();
    return row!;
  },

  /**
   * Issues an unpaid voucher: the claim is this UPDATE's WHERE, so a second delivery of the payment (or a second
   * process) finds it issued and changes nothing. Null when it was not waiting.
   */
  async issue(
    db: DbOrTx,
    id: number,
    facts: { codeHash: string; codeHint: string; soldOn: string; expiresOn: string; issuedAt: Date },
  ): Promise<VoucherRow | null> {
    const [row] = await db
      .update(vouchers)
      .set({ status: 'issued', ...facts })
      .where(and(eq(vouchers.id, id), eq(vouchers.status, 'unpaid')))
      .returning();
    return row ?? null;
  },

  async byId(db: DbOrTx, id: number): Promise<VoucherRow | null> {
    const [row] = await db.select().from(vouchers).where(eq(vouchers.id, id));
    return row ?? null;
  },

  /** An issued voucher by its code's hash, with its use; locked until the transaction ends when `lock`. */
  async byCodeHash(db: DbOrTx, codeHash: string, lock = false): Promise<VoucherWithUse | null> {
    const query = db
      .select()
      .from(vouchers)
      .where(and(eq(vouchers.codeHash, codeHash), eq(vouchers.status, 'issued')));
    const [row] = lock ? await query.for('update') : await query;
    return row ? { ...row, usedCents: await this.usedCents(db, row.id) } : null;
  },

  async lockById(db: DbOrTx, id: number): Promise<VoucherWithUse | null> {
    const [row] = await db.select().from(vouchers).where(eq(vouchers.id, id)).for('update');
    return row ? { ...row, usedCents: await this.usedCents(db, row.id) } : null;
  },

  async usedCents(db: DbOrTx, voucherId: number): Promise<number> {
    const result: unknown = await db.execute(sql`SELECT ${usedOf(voucherId)} AS used`);
    return Number((result as { rows: { used: unknown }[] }).rows[0]?.used ?? 0);
  },

  /** Every issued voucher, newest first, with its use. */
  async listIssued(db: DbOrTx): Promise<VoucherWithUse[]> {
    const rows = await db
      .select({ voucher: vouchers, usedCents: usedOf(sql.raw('"vouchers"."id"')) })
      .from(vouchers)
      .where(eq(vouchers.status, 'issued'))
      .orderBy(desc(vouchers.soldOn), desc(vouchers.id));
    return rows.map((r) => ({ ...r.voucher, usedCents: Number(r.usedCents) }));
  },

  /** The booking behind a private link, for a voucher given on its page. */
  async bookingByToken(db: DbOrTx, token: string): Promise<VoucherBooking | null> {
    const [row] = await db
      .select({ id: bookings.id, status: bookings.status })
      .from(bookings)
      .where(eq(bookings.cancelToken, token));
    return row ?? null;
  },

  /** The booking, locked until the transaction ends (as a confirmation's UPDATE locks it). */
  async lockBooking(db: DbOrTx, id: number): Promise<VoucherBooking> {
    const [row] = await db
      .select({ id: bookings.id, status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, id))
      .for('update');
    return row!;
  },

  async redemptionOfBooking(db: DbOrTx, bookingId: number, lock = false): Promise<RedemptionRow | null> {
    const query = db.select().from(voucherRedemptions).where(eq(voucherRedemptions.bookingId, bookingId));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  /** Gives a voucher for a visit; null when one was given already (the unique booking_id decides). */
  async insertRedemption(db: DbOrTx, voucherId: number, bookingId: number): Promise<RedemptionRow | null> {
    const [row] = await db
      .insert(voucherRedemptions)
      .values({ voucherId, bookingId })
      .onConflictDoNothing({ target: voucherRedemptions.bookingId })
      .returning();
    return row ?? null;
  },

  /**
   * The visit's 'voucher' payment, written as a provider's payment is (decision 027): source 'voucher' and the
   * redemption's id as its reference, so payments_provider_once makes it one payment whatever happens.
   */
  async insertVoucherPayment(
    db: DbOrTx,
    values: { redemptionId: number; bookingId: number; amountCents: number; paidAt: string; isDeposit: boolean },
  ): Promise<number> {
    const [row] = await db
      .insert(payments)
      .values({
        bookingId: values.bookingId,
        amountCents: values.amountCents,
        method: 'voucher',
        paidAt: values.paidAt,
        isDeposit: values.isDeposit,
        source: 'voucher',
        providerRef: String(values.redemptionId),
      })
      .returning({ id: payments.id });
    return row!.id;
  },

  async markRedeemed(db: DbOrTx, redemptionId: number, paymentId: number, at: Date): Promise<boolean> {
    const rows = await db
      .update(voucherRedemptions)
      .set({ paymentId, redeemedAt: at })
      .where(and(eq(voucherRedemptions.id, redemptionId), isNull(voucherRedemptions.paymentId)))
      .returning({ id: voucherRedemptions.id });
    return rows.length === 1;
  },

  /** The payment a redemption made, with its void. */
  async paymentOf(db: DbOrTx, paymentId: number) {
    const [row] = await db
      .select({ amountCents: payments.amountCents, voidedAt: payments.voidedAt })
      .from(payments)
      .where(eq(payments.id, paymentId));
    return row ?? null;
  },
};
