/**
 * The answer of GET /api/availability/{date}, kept in memory (issue 23's 200 requests/s on PGlite,
 * whose queries share the server's one thread): every visitor choosing a date asks it, often several
 * times, and it changes only when its inputs change or the clock moves past what it depends on.
 *
 * Dropped when any table it is built from changes (the change feed, migrations 0005 and 0007, and
 * every write request of this process at once: see registerAvailabilityCacheDrop). Kept, besides,
 * only while the clock cannot change it (keptUntil): POST /api/bookings never reads it and
 * re-checks everything inside the day's lock, so a stale answer could at worst offer a time that
 * booking then refuses, never double-book.
 */
import { addDaysToDate, MINUTE_MS, nzInstant, nzToday } from '@shared/time';
import type { CachedTable, PublicCache } from '../../cache/public-cache';
import type { OfferInput } from './repository';

/** Everything the answer is read from. */
export const DAY_ANSWER_TABLES: readonly CachedTable[] = [
  'bookings',
  'calendar_busy',
  'other_calendars',
  'business_hours',
  'blocked_dates',
  'waitlist_offers',
];

/**
 * The longest an answer is kept even when nothing changes: drive times from a network source may
 * improve on a fallback estimate, and a bound keeps any such drift short.
 */
export const DAY_ANSWER_MAX_KEEP_MS = 5 * MINUTE_MS;

/**
 * Until when the answer for `date`, built from `input` at `now`, stays what it would be if built
 * again (epoch ms; `now` or earlier means: do not keep it). The clock enters an answer in three ways:
 * - the minimum notice and 'in the past' cut a date's times once now + notice reaches its midnight;
 * - today and the horizon move at NZ midnight;
 * - a pending request stops holding its time when it expires.
 */
export function dayAnswerKeptUntil(
  date: string,
  input: Pick<OfferInput, 'firstExpiry'>,
  policy: { minNoticeMinutes: number },
  now: Date,
): number {
  const noticeReachesDate = nzInstant(date).getTime() - policy.minNoticeMinutes * MINUTE_MS;
  const nextMidnight = nzInstant(addDaysToDate(nzToday(now), 1)).getTime();
  return Math.min(
    noticeReachesDate,
    nextMidnight,
    input.firstExpiry ?? Number.POSITIVE_INFINITY,
    now.getTime() + DAY_ANSWER_MAX_KEEP_MS,
  );
}

/** The cache key of one question: the date, the session length and where the visitor is, if known. */
export function dayAnswerKey(
  date: string,
  durationMinutes: number,
  visitor: { location: { lat: number; lon: number } | null } | undefined,
): string {
  const place = !visitor
    ? 'anywhere'
    : visitor.location
      ? `${visitor.location.lat},${visitor.location.lon}`
      : 'unknown';
  return `availability-day:${date}:${durationMinutes}:${place}`;
}

/** The answer with the instant it holds until, as the route builds it. */
export interface KeptAnswer<T> {
  answer: T;
  keptUntil: number;
}

/** The kept answer of one question, or `build`'s (which says how long its answer holds). */
export async function cachedDayAnswer<T>(
  cache: PublicCache,
  key: string,
  now: Date,
  build: () => Promise<KeptAnswer<T>>,
): Promise<T> {
  const kept = await cache.get(key, DAY_ANSWER_TABLES, build, {
    now: now.getTime(),
    keepUntil: (value) => value.keptUntil,
  });
  return kept.answer;
}
