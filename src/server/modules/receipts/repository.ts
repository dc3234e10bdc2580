/**
 * Receipts as stored (migration 0020). A number is taken with UPDATE … RETURNING on the one counter row inside the
 * receipt's own transaction: the row stays locked until that transaction ends, so two processes take turns, and a
 * transaction that rolls back gives its number back — consecutive, with no gaps (docs/decisions/028-receipts.md).
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { BookingStatus } from '@shared/constants';
import type { ReceiptKind } from '@shared/receipts';
import type { DbOrTx } from '../../db/client';
import { bookings, receipts } from '../../db/schema';
import type { ReceiptContent, ReceiptVisit } from './content';

export interface ReceiptBooking extends ReceiptVisit {
  email: string;
  status: BookingStatus;
  erasedAt: Date | null;
}

export type ReceiptRow = typeof receipts.$inferSelect & { content: ReceiptContent };

const visitColumns = {
  id: bookings.id,
  date: bookings.date,
  time: bookings.time,
  serviceName: bookings.serviceName,
  duration: bookings.duration,
  price: bookings.price,
  travelCost: bookings.travelCost,
  firstName: bookings.firstName,
  lastName: bookings.lastName,
  address: bookings.address,
  email: bookings.email,
  status: bookings.status,
  erasedAt: bookings.erasedAt,
};

/** The visit a receipt is written from; locked with `lock`, so two credit notes of one visit take turns. */
export async function receiptBooking(tx: DbOrTx, id: number, lock: boolean): Promise<ReceiptBooking | null> {
  const query = tx.select(visitColumns).from(bookings).where(eq(bookings.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The next receipt number, taken for this transaction (see the file's comment). */
export async function takeReceiptNumber(tx: DbOrTx): Promise<number> {
  const result = await tx.execute(
    sql`UPDATE receipt_counter SET next_number = next_number + 1 WHERE id = 1 RETURNING next_number - 1 AS number`,
  );
  const row = (result as { rows: { number: number | string }[] }).rows[0];
  if (!row) throw new Error('receipt_counter has no row (migration 0020 inserts it)');
  return Number(row.number);
}

export async function insertReceipt(
  tx: DbOrTx,
  r: { content: ReceiptContent; bookingId: number; issuedAt: Date },
): Promise<void> {
  const c = r.content;
  await tx.insert(receipts).values({
    number: c.number,
    bookingId: r.bookingId,
    kind: c.kind,
    replaces: c.replaces,
    totalCents: c.totalCents,
    gstCents: c.gstCents ?? 0,
    content: c,
    issuedOn: c.issuedOn,
    issuedAt: r.issuedAt,
  });
}

export async function findReceipt(db: DbOrTx, number: number): Promise<ReceiptRow | null> {
  const [row] = await db.select().from(receipts).where(eq(receipts.number, number));
  return (row as ReceiptRow | undefined) ?? null;
}

/** A visit's receipts and credit notes, oldest first. */
export async function receiptsOfBooking(db: DbOrTx, bookingId: number): Promise<ReceiptRow[]> {
  const rows = await db.select().from(receipts).where(eq(receipts.bookingId, bookingId)).orderBy(asc(receipts.number));
  return rows as ReceiptRow[];
}

/** The visit's latest receipt of a kind, or null. */
export async function latestOfKind(db: DbOrTx, bookingId: number, kind: ReceiptKind): Promise<ReceiptRow | null> {
  const [row] = await db
    .select()
    .from(receipts)
    .where(and(eq(receipts.bookingId, bookingId), eq(receipts.kind, kind)))
    .orderBy(desc(receipts.number))
    .limit(1);
  return (row as ReceiptRow | undefined) ?? null;
}

/** What the visit's credit notes have credited so far (cents). */
export async function creditedCents(db: DbOrTx, bookingId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | number>`coalesce(sum(${receipts.totalCents}), 0)` })
    .from(receipts)
    .where(and(eq(receipts.bookingId, bookingId), eq(receipts.kind, 'credit-note')));
  return Number(row?.total ?? 0);
}
