/**
 * Reading one of her calendars and keeping what it says (docs/product.md §11). A read that fails for any
 * reason (down, slow, too big, not a calendar, refused) keeps the last good busy times and
 * records why; only a good read replaces them. One process at a time syncs a calendar (a lease).
 */
import { addDaysToDate, nzInstant, nzToday } from '@shared/time';
import type { CalendarKind } from '@shared/schemas/other-calendar';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../secret-box';
import { busyFromIcs, busyFromIcsObjects } from './ics-busy';
import { fetchIcs, type IcsFetchState } from './ics-source';
import { fetchCalDav, type CalDavState } from './caldav-source';
import { createCalendarsRepository, type CalendarRow, type SyncOutcome } from './repository';
import { describeCalendarError } from './calendar-errors';

/** Longer than a read may take (several requests of at most 10 s each for CalDAV). */
export const SYNC_LEASE_MS = 2 * 60_000;

export interface SyncWindow {
  from: Date;
  to: Date;
  /** The NZ date the window ends on: a new day widens it, so the next read is a full one. */
  toDate: string;
}

/** From the start of today (NZ) to the end of the last bookable day. */
export function syncWindow(now: Date, horizonDays: number): SyncWindow {
  const today = nzToday(now);
  const toDate = addDaysToDate(today, horizonDays + 1);
  return { from: nzInstant(today), to: nzInstant(toDate), toDate };
}

/** What a good read leaves to ask next time whether anything changed. */
interface SyncState {
  windowTo: string;
  ics?: IcsFetchState;
  caldav?: CalDavState;
}

export interface CalendarSource {
  kind: CalendarKind;
  url: string;
  username: string | null;
  password: string | null;
}

export type ReadResult = { unchanged: true } | { unchanged: false; outcome: SyncOutcome };

/**
 * Reads a calendar's busy times in the window. With the previous state of a read over the same
 * window, a conditional request (ETag / Last-Modified, or CalDAV ctags) may answer "unchanged".
 */
export async function readCalendar(
  source: CalendarSource,
  previousState: unknown,
  window: SyncWindow,
  fetcher: typeof fetch,
): Promise<ReadResult> {
  const previous = isSyncState(previousState) && previousState.windowTo === window.toDate ? previousState : null;
  // All-day events are always kept: the calendar's switch decides at read time whether they block.
  const options = { allDayBlocks: true };
  if (source.kind === 'caldav') {
    const answer = await fetchCalDav(
      { url: source.url, username: source.username ?? '', password: source.password ?? '' },
      window,
      previous?.caldav ?? null,
      fetcher,
    );
    if (answer.notModified) return { unchanged: true };
    const read = busyFromIcsObjects(answer.objects, window, options);
    return { unchanged: false, outcome: { ...read, syncState: { windowTo: window.toDate, caldav: answer.state } } };
  }
  const answer = await fetchIcs(source.url, previous?.ics ?? null, fetcher);
  if (answer.notModified) return { unchanged: true };
  const read = busyFromIcs(answer.text, window, options);
  return { unchanged: false, outcome: { ...read, syncState: { windowTo: window.toDate, ics: answer.state } } };
}

function isSyncState(value: unknown): value is SyncState {
  return typeof value === 'object' && value !== null && typeof (value as SyncState).windowTo === 'string';
}

export interface SyncDeps {
  db: Db;
  box: SecretBox;
  fetcher: typeof fetch;
  horizonDays: number;
}

export type SyncResult =
  | { status: 'synced' | 'unchanged'; row: CalendarRow }
  | { status: 'failed'; row: CalendarRow; error: unknown }
  | { status: 'leased-elsewhere' };

/** The source of a stored calendar, its password opened. */
export function sourceOf(row: CalendarRow, box: SecretBox): CalendarSource {
  return {
    kind: row.kind,
    url: row.url,
    username: row.username,
    password: row.passwordEncrypted ? box.open(row.passwordEncrypted) : null,
  };
}

/** Syncs one calendar if this process gets its lease; `full` skips the conditional request. */
export async function syncCalendar(
  deps: SyncDeps,
  id: number,
  options: { now?: Date; full?: boolean } = {},
): Promise<SyncResult> {
  const now = options.now ?? new Date();
  const repo = createCalendarsRepository(deps.db);
  const row = await repo.claimLease(id, now, SYNC_LEASE_MS);
  if (!row) return { status: 'leased-elsewhere' };
  try {
    const window = syncWindow(now, deps.horizonDays);
    const read = await readCalendar(sourceOf(row, deps.box), options.full ? null : row.syncState, window, deps.fetcher);
    if (read.unchanged) await repo.saveUnchanged(id, new Date());
    else {
      await deps.db.transaction((tx) => createCalendarsRepository(tx).saveSync(id, read.outcome, new Date()));
      await repo.reclaimReplacedBusy();
    }
    return { status: read.unchanged ? 'unchanged' : 'synced', row: (await repo.find(id)) ?? row };
  } catch (error) {
    await repo.saveFailure(id, describeCalendarError(error).message, new Date());
    return { status: 'failed', row: (await repo.find(id)) ?? row, error };
  }
}

/** Every calendar due a sync, one after the other (the job; each takes its own lease). */
export async function syncDueCalendars(deps: SyncDeps, everyMs: number, now = new Date()): Promise<SyncResult[]> {
  const ids = await createCalendarsRepository(deps.db).due(now, everyMs);
  const results: SyncResult[] = [];
  for (const id of ids) results.push(await syncCalendar(deps, id, { now }));
  return results;
}
