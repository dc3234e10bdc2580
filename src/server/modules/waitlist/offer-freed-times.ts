/**
 * Offering freed times (docs/product.md §4 "Waitlist"). The triggers of migration 0016 write a
 * 'time freed' row for a date in the transaction that frees it; this job reads them, one date at a time
 * under the day's lock (visits/day-lock.ts), offers each active entry wanting that date the earliest start
 * in its window that fits it (every slot rule and the route rule from ITS address, as a new request from
 * there would be judged), in the order the entries joined, with a hold, and deletes the rows it read in the
 * same transaction as the offers and their e-mails. A crash before the commit leaves the rows to the next run.
 */
import { MINUTE_MS, nzInstant, nzToday } from '@shared/time';
import type { AppConfig } from '../../config';
import type { Db, DbTx } from '../../db/client';
import { loadOfferedSlots, prefetchVisitorDrives } from '../availability/offered-slots';
import { loadAvailabilityInput } from '../availability/repository';
import { emailContext } from '../mail/email-kinds';
import { hostOf } from '../mail/ics';
import { enqueueEmail } from '../mail/outbox';
import type { DriveSource } from '../scheduling/drive-source';
import { newCancelToken } from '../bookings/booking-service';
import { lockDay } from '../visits/day-lock';
import { occupiedRange } from '../visits/occupied-range';
import { offerEmail } from './emails';
import { createWaitlistRepository, type WaitlistEntryRow } from './repository';

export interface OfferingDeps {
  db: Db;
  config: AppConfig;
  drives: DriveSource;
}

export interface OfferingResult {
  /** Holds whose time ran out. */
  holdsExpired: number;
  /** Entries past their last day. */
  entriesExpired: number;
  /** Offers made (each one e-mailed). */
  offered: number;
}

const visitorOf = (e: WaitlistEntryRow) => ({
  location: e.locationLat !== null && e.locationLon !== null ? { lat: e.locationLat, lon: e.locationLon } : null,
});

/**
 * Which start to offer an entry on a date (docs/product.md §4 "Waitlist"): the earliest start inside its
 * window that the date offers it (free, and its route fits), not one it was offered before. Pure.
 */
export function startToOffer(
  fitting: readonly string[],
  window: { earliest: string; latest: string },
  offeredBefore: ReadonlySet<string>,
): string | null {
  const inWindow = fitting.filter((t) => t >= window.earliest && t <= window.latest && !offeredBefore.has(t)).sort();
  return inWindow[0] ?? null;
}

/** One run: ends the holds and entries whose time is over, then offers what freed. Safe in several processes. */
export async function offerFreedTimes(deps: OfferingDeps, now = new Date()): Promise<OfferingResult> {
  const { db } = deps;
  const holdsExpired = await db.transaction((tx) => createWaitlistRepository(tx).expireHolds(now));
  const entriesExpired = await db.transaction((tx) => createWaitlistRepository(tx).expireEntries(nzToday(now), now));
  let offered = 0;
  const tried: string[] = [];
  for (;;) {
    const next = await createWaitlistRepository(db).nextFreedDate(tried);
    if (next === null) break;
    tried.push(next);
    await prefetchDate(deps, next, now);
    offered += await db.transaction((tx) => offerDate(deps, tx, next, now));
  }
  return { holdsExpired, entriesExpired, offered };
}

/** The drives from each waiting entry's address to the date's visits, fetched before the day is locked. */
async function prefetchDate(deps: OfferingDeps, date: string, now: Date): Promise<void> {
  const entries = await createWaitlistRepository(deps.db).activeFor(date);
  if (entries.length === 0 || date < nzToday(now)) return;
  const input = await loadAvailabilityInput(deps.db, date, date, now);
  for (const entry of entries) await prefetchVisitorDrives(deps, input, visitorOf(entry));
}

/**
 * Under the date's lock: claims the date's 'time freed' rows (rows another process is reading are left to
 * it), ends the date's holds whose time ran out, offers, and deletes the rows it claimed. Answers the offers.
 */
async function offerDate(deps: OfferingDeps, tx: DbTx, date: string, now: Date): Promise<number> {
  const repo = createWaitlistRepository(tx);
  await lockDay(tx, date);
  const claimed = await repo.claimFreedOn(date);
  if (claimed.length === 0) return 0;
  let offered = 0;
  if (date >= nzToday(now)) {
    // A hold that ran out on this date writes another row (trigger): the next pass sees nothing new for it.
    await repo.expireHolds(now, date);
    for (const candidate of await repo.activeFor(date)) {
      if (await offerEntry(deps, tx, candidate.id, date, now)) offered++;
    }
  }
  await repo.deleteFreed(claimed);
  return offered;
}

/** Offers the entry a start on `date` if one fits it and it holds no other offer. Answers whether it did. */
async function offerEntry(deps: OfferingDeps, tx: DbTx, entryId: number, date: string, now: Date): Promise<boolean> {
  const { config } = deps;
  const repo = createWaitlistRepository(tx);
  // Locked after the day (the order every writer keeps): leaving or accepting meanwhile waits, or went first.
  const entry = await repo.lockEntry(entryId);
  if (!entry || entry.status !== 'active') return false;
  // One offer at a time: a visitor holding a time is not offered a second one.
  if (await repo.liveOfferOf(entry.id)) return false;
  const [day] = await loadOfferedSlots(
    { db: tx, config, drives: deps.drives },
    { from: date, to: date },
    entry.duration,
    now,
    visitorOf(entry),
    { prefetch: false },
  );
  const time = startToOffer(day?.timeSlots ?? [], entry, await repo.offeredTimes(entry.id, date));
  if (!time) return false;
  const range = occupiedRange(date, time, entry.duration, config.booking.bufferMinutes);
  // Held for WAITLIST_HOLD_MINUTES, and never past the last moment the time could still be requested.
  const lastRequestable = nzInstant(date, time).getTime() - config.booking.minNoticeMinutes * MINUTE_MS;
  const holdUntil = new Date(Math.min(now.getTime() + config.booking.waitlistHoldMs, lastRequestable));
  const offer = await repo.insertOffer({
    entryId: entry.id,
    date,
    time,
    ...range,
    token: newCancelToken(),
    holdUntil,
    status: 'offered',
    createdAt: now,
  });
  await enqueueEmail(tx, offerEmail(entry, offer, emailContext(config)), { messageIdHost: hostOf(config.publicUrl) });
  return true;
}
