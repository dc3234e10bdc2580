/**
 * Check-in's pure rules (docs/decisions/025-check-in.md): which time a press is recorded at, and
 * when a visit she arrived at is overdue. No clock of their own: `now` is passed in (tests use a fake one).
 */
import { HOUR_MS, MINUTE_MS } from '@shared/time';

/** The phone's clock may run this far ahead of the server's (clock drift), no more. */
export const PRESS_MAX_AHEAD_MS = 2 * MINUTE_MS;
/** A press queued offline is trusted up to this old (a day without coverage), no older. */
export const PRESS_MAX_AGE_MS = 24 * HOUR_MS;
/** 'Arrived' this long before the visit's start is plausible (early, parked outside); earlier is not. */
export const PRESS_MAX_BEFORE_START_MS = 3 * HOUR_MS;

export interface RecordedTime {
  at: Date;
  /** True when the phone's time was out of bounds and the server's receive time was used instead. */
  fromServer: boolean;
}

/**
 * The time a press is recorded at. The phone's `at` is trusted when it is at most 2 min ahead of `now`
 * (the server's receive time), at most 24 h old, and not more than 3 h before the visit's start;
 * otherwise `now` is used and the answer says so. A press queued offline keeps its real, earlier time.
 */
export function recordedTime(phoneAt: Date, now: Date, startsAt: Date): RecordedTime {
  const t = phoneAt.getTime();
  const ok =
    Number.isFinite(t) &&
    t <= now.getTime() + PRESS_MAX_AHEAD_MS &&
    t >= now.getTime() - PRESS_MAX_AGE_MS &&
    t >= startsAt.getTime() - PRESS_MAX_BEFORE_START_MS;
  return ok ? { at: phoneAt, fromServer: false } : { at: now, fromServer: true };
}

export interface CheckInFacts {
  arrivedAt: Date | null;
  leftAt: Date | null;
  endsAt: Date;
}

/** The instant a visit she arrived at becomes overdue: its planned end plus the grace. */
export const overdueFrom = (endsAt: Date, graceMinutes: number): Date =>
  new Date(endsAt.getTime() + graceMinutes * MINUTE_MS);

/** Overdue: she pressed 'Arrived', not 'Leaving', and now is at or past the visit's end plus the grace. */
export function isOverdue(c: CheckInFacts, graceMinutes: number, now: Date): boolean {
  return c.arrivedAt !== null && c.leftAt === null && now.getTime() >= overdueFrom(c.endsAt, graceMinutes).getTime();
}

export type PressRefusal = { code: 'CHECK_IN_NOT_CONFIRMED' | 'CHECK_IN_OUT_OF_ORDER'; message: string };

export const NOT_CONFIRMED = 'Only a confirmed visit can be checked in to';
export const LEAVING_BEFORE_ARRIVED = "You pressed 'Leaving' before 'Arrived' at this visit: press 'Arrived' first";
export const ALREADY_ARRIVED = "'Arrived' is already recorded for this visit";
export const ALREADY_LEFT = "'Leaving' is already recorded for this visit";

/**
 * Whether a new press (not a replay of one recorded) may be recorded, given the booking's status and its
 * check-in so far. A replay is answered before this is asked.
 */
export function pressRefusal(
  status: string,
  kind: 'arrived' | 'leaving',
  current: { arrived: boolean; left: boolean },
): PressRefusal | null {
  if (status !== 'confirmed') return { code: 'CHECK_IN_NOT_CONFIRMED', message: NOT_CONFIRMED };
  if (kind === 'arrived' && current.arrived) return { code: 'CHECK_IN_OUT_OF_ORDER', message: ALREADY_ARRIVED };
  if (kind === 'leaving' && !current.arrived) return { code: 'CHECK_IN_OUT_OF_ORDER', message: LEAVING_BEFORE_ARRIVED };
  if (kind === 'leaving' && current.left) return { code: 'CHECK_IN_OUT_OF_ORDER', message: ALREADY_LEFT };
  return null;
}
