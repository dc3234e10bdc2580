/**
 * A booking's deposit as the client's answers and her screens show it, from the booking row and its payments
 * (read through payments/ledger.ts, so a deposit is counted as every other money figure is).
 */
import {
  adminDepositStatus,
  depositDueCents,
  depositStatus,
  type AdminDepositStatus,
  type DepositStatus,
} from '@shared/deposits';
import type { BookingDeposit } from '@shared/schemas/deposit';
import type { DbOrTx } from '../../db/client';
import { asDepositPayments, paymentsOfBookings, type PaymentEntry } from '../payments/ledger';

/** The booking columns the deposit needs. */
export interface DepositRow {
  id: number;
  depositCents: number;
  depositReference: string | null;
  depositKept: boolean;
  createdAt: Date;
  startsAt: Date;
}

export interface DepositConfig {
  practice: { bankAccount: string | null };
  deposits: { dueMs: number; dueHours: number };
}

/** When the deposit is due: DEPOSIT_DUE_HOURS after the request was made, or the visit's start if sooner. */
export const depositDueBy = (row: Pick<DepositRow, 'createdAt' | 'startsAt'>, dueMs: number) =>
  new Date(Math.min(row.createdAt.getTime() + dueMs, row.startsAt.getTime()));

function statusOf(row: DepositRow, entries: readonly PaymentEntry[]): DepositStatus {
  return depositStatus(row.depositCents, asDepositPayments(entries), row.depositKept);
}

/** The client's view: how much, where to, which reference, by when, and whether it arrived; null without one. */
export function depositView(
  row: DepositRow,
  entries: readonly PaymentEntry[],
  config: DepositConfig,
): BookingDeposit | null {
  if (row.depositCents === 0 || row.depositReference === null) return null;
  return {
    amountCents: row.depositCents,
    reference: row.depositReference,
    // A booking made while the account was set keeps its instructions even if she clears it later.
    bankAccount: config.practice.bankAccount ?? '',
    dueBy: depositDueBy(row, config.deposits.dueMs).toISOString(),
    dueHours: config.deposits.dueHours,
    dueBeforeVisit: row.createdAt.getTime() + config.deposits.dueMs > row.startsAt.getTime(),
    status: statusOf(row, entries),
  };
}

/** One booking's view, reading its payments. */
export async function loadDepositView(db: DbOrTx, row: DepositRow, config: DepositConfig) {
  if (row.depositCents === 0) return null;
  const payments = await paymentsOfBookings(db, [row.id]);
  return depositView(row, payments.get(row.id) ?? [], config);
}

export interface AdminDepositFields {
  depositCents: number;
  depositReference: string | null;
  depositStatus: AdminDepositStatus | null;
  /** What of the deposit is still to pay (shared depositDueCents): what 'Mark deposit received' records. */
  depositDueCents: number;
}

/** Her screens' fields for many bookings, their payments read in one query. */
export async function adminDepositFields(
  db: DbOrTx,
  rows: readonly DepositRow[],
  dueMs: number,
  now: Date,
): Promise<Map<number, AdminDepositFields>> {
  const withDeposit = rows.filter((r) => r.depositCents > 0);
  const payments = await paymentsOfBookings(
    db,
    withDeposit.map((r) => r.id),
  );
  const out = new Map<number, AdminDepositFields>();
  for (const r of rows) {
    const entries = payments.get(r.id) ?? [];
    const status = r.depositCents > 0 ? adminDepositStatus(statusOf(r, entries), depositDueBy(r, dueMs), now) : null;
    out.set(r.id, {
      depositCents: r.depositCents,
      depositReference: r.depositReference,
      depositStatus: status,
      depositDueCents:
        r.depositCents > 0 ? depositDueCents(r.depositCents, asDepositPayments(entries), r.depositKept) : 0,
    });
  }
  return out;
}

/** What a deposit received so far is worth (positive deposit payments not voided, less deposit refunds). */
export async function depositReceivedCents(db: DbOrTx, bookingId: number): Promise<number> {
  const entries = (await paymentsOfBookings(db, [bookingId])).get(bookingId) ?? [];
  return entries.filter((p) => p.isDeposit && p.voidedAt === null).reduce((sum, p) => sum + p.amountCents, 0);
}
