/**
 * Retention runs by itself (docs/privacy.md "How long"): counted from a client's last
 * activity (their last visit, or their last booking or the record's creation when later),
 * - HEALTH_RETENTION_YEARS later their health forms and notes are removed ('health');
 * - CLIENT_RETENTION_YEARS later everything else personal: the whole client ('all'), or while the
 *   health records must still be kept, everything but the name that says whose they are
 *   ('contact'); the name goes with the last health record ('all').
 * Each removal is one transaction through clients/erasure.ts, logged on the client as 'system'.
 * A client with a visit ahead is never reached: their last activity is in the future.
 */
import { sql } from 'drizzle-orm';
import { addDaysToDate, nzToday } from '@shared/time';
import type { Db, DbOrTx } from '../../db/client';
import { eraseClient, LAST_ACTIVITY_SQL, type ErasureScope } from './erasure';

export const RETENTION_ACTOR = 'system';
/** Clients handled per step and run: a first run on an old database spreads over a few runs. */
export const RETENTION_BATCH = 200;

export interface RetentionYears {
  healthYears: number;
  clientYears: number;
}

export interface RetentionResult {
  /** Clients whose health forms and notes were removed. */
  health: number;
  /** Clients whose contact details were removed while their health records stay. */
  contact: number;
  /** Clients erased whole. */
  erased: number;
}

/** The instant `years` calendar years before `now` (29 February falls back to 28 February). */
export function yearsBefore(now: Date, years: number): Date {
  const d = new Date(now);
  const month = d.getUTCMonth();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  if (d.getUTCMonth() !== month) d.setUTCDate(0);
  return d;
}

const hasHealthRecords = sql`(EXISTS (SELECT 1 FROM health_forms h WHERE h.client_id = c.id)
  OR EXISTS (SELECT 1 FROM visit_notes n WHERE n.client_id = c.id))`;

/** The clients `where` picks (a batch), and whether each still has health records. */
async function clientsWhere(db: DbOrTx, where: ReturnType<typeof sql>): Promise<{ id: number; kept: boolean }[]> {
  const result = await db.execute(sql`SELECT c.id, ${hasHealthRecords} AS kept FROM clients c
    WHERE c.erased_at IS NULL AND ${where} ORDER BY c.id LIMIT ${RETENTION_BATCH}`);
  return (result as { rows: { id: number; kept: boolean }[] }).rows.map((r) => ({ id: Number(r.id), kept: r.kept }));
}

/**
 * How long a waitlist entry is kept after its last wanted day once it has ended (docs/privacy.md):
 * long enough for her to see who was offered what, no longer, since an entry is no booking and no tax record.
 */
export const WAITLIST_KEEP_DAYS = 90;

/** Removes the ended waitlist entries (and their offers) past WAITLIST_KEEP_DAYS. Answers how many. */
export async function removeEndedWaitlistEntries(db: DbOrTx, now = new Date()): Promise<number> {
  const before = addDaysToDate(nzToday(now), -WAITLIST_KEEP_DAYS);
  const result = await db.execute(sql`DELETE FROM waitlist_entries
    WHERE status <> 'active' AND last_date < ${before}::date RETURNING 1`);
  return (result as { rows: unknown[] }).rows.length;
}

export async function runRetention(db: Db, years: RetentionYears, now = new Date()): Promise<RetentionResult> {
  const healthCutoff = yearsBefore(now, years.healthYears);
  const clientCutoff = yearsBefore(now, years.clientYears);
  const result: RetentionResult = { health: 0, contact: 0, erased: 0 };

  /** Whether it was done: a client active again since being chosen is left alone. */
  const erase = async (id: number, scope: ErasureScope, inactiveBefore: Date): Promise<boolean> => {
    const done = await db.transaction((tx) =>
      eraseClient(tx, id, { scope, actor: RETENTION_ACTOR, now, refuseUpcoming: false, inactiveBefore }),
    );
    return done !== null;
  };

  for (const { id } of await clientsWhere(db, sql`${hasHealthRecords} AND ${LAST_ACTIVITY_SQL} < ${healthCutoff}`)) {
    if (await erase(id, 'health', healthCutoff)) result.health += 1;
  }
  // Past the client period: whole when no health record is left, else all but the name.
  const pastClientPeriod = sql`c.contact_erased_at IS NULL AND ${LAST_ACTIVITY_SQL} < ${clientCutoff}`;
  for (const { id, kept } of await clientsWhere(db, pastClientPeriod)) {
    const scope: ErasureScope = kept ? 'contact' : 'all';
    if (!(await erase(id, scope, clientCutoff))) continue;
    if (scope === 'contact') result.contact += 1;
    else result.erased += 1;
  }
  // The name kept with the health records goes once they have.
  for (const { id } of await clientsWhere(db, sql`c.contact_erased_at IS NOT NULL AND NOT ${hasHealthRecords}`)) {
    if (await erase(id, 'all', clientCutoff)) result.erased += 1;
  }
  return result;
}
