/**
 * Everything that adds a visit to an NZ day's route (a new request, an approval) runs under one
 * transaction-level advisory lock per date, so two such transactions for one day, on any number of
 * server processes, take turns: the second reads the first's visit once it has committed (READ
 * COMMITTED: each statement sees what committed before it). The lock ends with the transaction.
 * PGlite has one connection and serialises anyway; the call is the same there.
 */
import { sql } from 'drizzle-orm';
import type { DbTx } from '../../db/client';

/** The first key of the two-key lock: this lock's namespace (the migration lock uses the one-key form). */
export const DAY_LOCK_NAMESPACE = 13_013;

export async function lockDay(tx: DbTx, date: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${DAY_LOCK_NAMESPACE}, hashtext(${date}))`);
}

/**
 * The NZ days a change touches, each once, in date order: every writer that locks more than one day (a move, a
 * series) takes them in this order, so two such changes can never wait on each other in a cycle.
 */
export async function lockDays(tx: DbTx, dates: readonly string[]): Promise<void> {
  for (const date of [...new Set(dates)].sort()) await lockDay(tx, date);
}
