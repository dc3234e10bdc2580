/**
 * The deposit a new request is asked (docs/decisions/031-deposits.md), decided by the server inside the booking's
 * transaction: the service's rule (src/shared/deposits.ts), her setting, and whether the client is first-time.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, ne, or, isNull, sql } from 'drizzle-orm';
import { depositFor, depositReferenceFrom, type DepositRule } from '@shared/deposits';
import type { DbOrTx } from '../../db/client';
import { bookings, payments } from '../../db/schema';
import { readMoneySettings } from './settings';

/**
 * First-time: the client has no booking she confirmed that is still confirmed (not cancelled, not declined)
 * and was not a no-show. A request still pending does not make a client returning; a visit she accepted does,
 * whether it has happened yet or not.
 */
export async function isFirstTimeClient(db: DbOrTx, clientId: number | null): Promise<boolean> {
  if (clientId === null) return true;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(bookings)
    .where(
      and(
        eq(bookings.clientId, clientId),
        eq(bookings.status, 'confirmed'),
        or(isNull(bookings.outcome), ne(bookings.outcome, 'no-show')),
      ),
    )
    .limit(1);
  return row === undefined;
}

/** The advisory-lock namespace of references (beside visits/day-lock.ts's 13_013). */
export const DEPOSIT_REFERENCE_LOCK_NAMESPACE = 13_027;

/**
 * A reference no booking has yet, in the caller's transaction. Each candidate is locked (a transaction-level
 * advisory lock on its hash) before it is looked up: a request that picked the same one at the same moment holds
 * the lock until it commits, so the look-up then sees its row and this one picks again. No retry of the whole
 * request is needed; the unique index still has the last word. 32^6 choices make a second pick rare.
 */
export async function newDepositReference(db: DbOrTx): Promise<string> {
  for (;;) {
    const reference = depositReferenceFrom(randomBytes(6));
    await db.execute(sql`SELECT pg_advisory_xact_lock(${DEPOSIT_REFERENCE_LOCK_NAMESPACE}, hashtext(${reference}))`);
    const [taken] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.depositReference, reference))
      .limit(1);
    if (!taken) return reference;
  }
}

/**
 * What to store on a new booking: the deposit in cents and its reference, or 0 and null. No bank account in her
 * profile means no deposit is asked (the client would have nowhere to pay it).
 */
export async function askDeposit(
  tx: DbOrTx,
  input: { rule: DepositRule; priceCents: number; clientId: number | null; bankAccount: string | null },
): Promise<{ depositCents: number; depositReference: string | null }> {
  const none = { depositCents: 0, depositReference: null };
  if (!input.bankAccount) return none;
  if (input.rule.depositCents === null && input.rule.depositPercent === null) return none;
  const settings = await readMoneySettings(tx);
  const firstTime = settings.depositAppliesTo === 'first-time' ? await isFirstTimeClient(tx, input.clientId) : true;
  const depositCents = depositFor(input.rule, input.priceCents, firstTime, settings.depositAppliesTo);
  if (depositCents === 0) return none;
  return { depositCents, depositReference: await newDepositReference(tx) };
}

/**
 * A request asks every public booker the deposit of a first-time client, since the public is never told who is a
 * client (docs/decisions/034). When she links the request to a returning client at approval, the deposit asked
 * under 'first-time' is not asked after all, unless money has already been recorded against it. Answers whether
 * it was dropped; in the approval's transaction.
 */
export async function dropDepositOfReturning(
  tx: DbOrTx,
  booking: { id: number; clientId: number | null; depositCents: number },
): Promise<boolean> {
  if (booking.depositCents === 0 || booking.clientId === null) return false;
  if ((await readMoneySettings(tx)).depositAppliesTo !== 'first-time') return false;
  const [returning] = await tx
    .select({ one: sql<number>`1` })
    .from(bookings)
    .where(
      and(
        eq(bookings.clientId, booking.clientId),
        ne(bookings.id, booking.id),
        eq(bookings.status, 'confirmed'),
        or(isNull(bookings.outcome), ne(bookings.outcome, 'no-show')),
      ),
    )
    .limit(1);
  if (!returning) return false;
  const [paid] = await tx
    .select({ one: sql<number>`1` })
    .from(payments)
    .where(eq(payments.bookingId, booking.id))
    .limit(1);
  if (paid) return false;
  await tx.update(bookings).set({ depositCents: 0, depositReference: null }).where(eq(bookings.id, booking.id));
  return true;
}
