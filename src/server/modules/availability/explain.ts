/**
 * 'Why this time?' (docs/product.md §11): every candidate start of one NZ date, each with every reason it is
 * not offered. Pure, and a mirror of daySlots (slots.ts) then fittingSlots (scheduling/slot-fit.ts):
 * a time has no reason exactly when those two offer it (explain.test.ts holds it to that on a few
 * hundred generated days). Her other calendars are named by calendar, never by an event's title.
 */
import { formatTime12, minutesToTime, timeToMinutes } from '@shared/clock-time';
import { DAY_NAMES, TIME_CHOICE_STEP_MINUTES } from '@shared/constants';
import type { ExplainReason } from '@shared/schemas/other-calendar';
import { addDaysToDate, dayOfWeek, MINUTE_MS, nzMinuteInstant, nzToday, nzWallTimeExists } from '@shared/time';
import { candidateVisit } from '../scheduling/slot-fit';
import { routeReason } from './explain-route-reason';
import { spanOnDate, time12, timeRange } from './explain-text';
import { slotFitInput, type OfferDeps, type Visitor } from './offered-slots';
import type { OfferInput } from './repository';
import type { DayHours, SlotPolicy } from './slots';

export interface ExplainedTime {
  time: string;
  /** Empty exactly when the time is offered. */
  reasons: ExplainReason[];
}

/** The times listed when no day of the week is open. */
const FALLBACK_OPEN = 8 * 60;
const FALLBACK_CLOSE = 18 * 60;

/**
 * The minutes after midnight to explain: each step from the earliest opening to the latest closing
 * of the week's open days (a closed day shows what it would have had), plus the date's own opening
 * grid when it is off that step; none the clocks skip when daylight saving starts.
 */
export function candidateMinutes(date: string, hours: readonly DayHours[], step: number): number[] {
  const open = hours.filter((h) => h.isOpen);
  const from = open.length ? Math.min(...open.map((h) => timeToMinutes(h.openTime))) : FALLBACK_OPEN;
  const to = open.length ? Math.max(...open.map((h) => timeToMinutes(h.closeTime))) : FALLBACK_CLOSE;
  const minutes = new Set<number>();
  for (let m = from; m < to; m += step) minutes.add(m);
  const today = hours.find((h) => h.dayOfWeek === dayOfWeek(date));
  if (today?.isOpen)
    for (let m = timeToMinutes(today.openTime); m < timeToMinutes(today.closeTime); m += step) minutes.add(m);
  return [...minutes].filter((m) => nzWallTimeExists(date, m)).sort((a, b) => a - b);
}

const overlaps = (aStart: number, aEnd: number, bStart: number, bEnd: number) => aStart < bEnd && bStart < aEnd;

/** "2 hours'", "1 hour's", "90 minutes'" (for 'Less than … notice'). */
function noticeText(minutes: number): string {
  if (minutes % 60 !== 0) return `${minutes} minutes'`;
  return minutes === 60 ? "1 hour's" : `${minutes / 60} hours'`;
}

/** What one date asks of every candidate, worked out once. */
interface DayRules {
  date: string;
  input: OfferInput;
  policy: SlotPolicy;
  now: number;
  hours: DayHours | undefined;
  step: number;
  beyondHorizon: boolean;
}

/** Opening hours: a closed day, before opening, off the day's grid, or ending after closing. */
function hoursReasons(m: number, start: number, day: DayRules): string[] {
  const { hours, date } = day;
  if (!hours?.isOpen) return [`Closed on ${DAY_NAMES[dayOfWeek(date)]}s`];
  const reasons: string[] = [];
  const open = timeToMinutes(hours.openTime);
  const close = timeToMinutes(hours.closeTime);
  if (m < open) reasons.push(`Before opening at ${formatTime12(hours.openTime)}`);
  else if ((m - open) % day.step !== 0)
    reasons.push(`Starts are every ${day.step} min from opening at ${formatTime12(hours.openTime)}`);
  const end = start + day.policy.durationMinutes * MINUTE_MS;
  // As daySlots: the session ends by closing (its gap and the drive home may run past it).
  if (m >= close) reasons.push(`After closing at ${formatTime12(hours.closeTime)}`);
  else if (end > nzMinuteInstant(date, close))
    reasons.push(`Would end at ${time12(end)}, after closing at ${formatTime12(hours.closeTime)}`);
  return reasons;
}

/** Blocked dates, visits and her other calendars: what the session plus the minimum gap meets. */
function takenReasons(start: number, day: DayRules): ExplainReason[] {
  const { date, input, policy } = day;
  const gap = policy.bufferMinutes * MINUTE_MS;
  const end = start + policy.durationMinutes * MINUTE_MS + gap;
  const reasons: ExplainReason[] = [];
  for (const b of input.blocks) {
    if (b.date !== date) continue;
    const note = b.reason ? `: ${b.reason}` : '';
    if (b.isFullDay) reasons.push({ code: 'BLOCKED_DATE', message: `Blocked all day${note}` });
    else if (b.startTime && b.endTime) {
      const from = nzMinuteInstant(date, timeToMinutes(b.startTime));
      const to = nzMinuteInstant(date, timeToMinutes(b.endTime));
      if (overlaps(start, end, from, to))
        reasons.push({ code: 'BLOCKED_DATE', message: `Blocked ${timeRange(from, to)}${note}` });
    }
  }
  for (const r of input.busy) {
    if (!overlaps(start, end, r.start.getTime(), r.end.getTime())) continue;
    const sessionEnd = r.sessionEnd ?? r.end;
    const ownGap = Math.round((r.end.getTime() - sessionEnd.getTime()) / MINUTE_MS);
    const gapText = ownGap > 0 ? ` (+${ownGap} min gap)` : '';
    reasons.push({ code: 'BOOKING', message: `Another visit ${spanOnDate(date, r.start, sessionEnd)}${gapText}` });
  }
  for (const e of input.external) {
    if (!overlaps(start, end, e.start.getTime(), e.end.getTime() + gap)) continue;
    const span = spanOnDate(date, e.start, e.end);
    // Only a gap in the way: the session starts after the event, or ends before it but too close.
    const sessionEnd = start + policy.durationMinutes * MINUTE_MS;
    const gapOnly = start >= e.end.getTime() || sessionEnd <= e.start.getTime();
    const gapText = gapOnly ? ` (+${policy.bufferMinutes} min gap)` : '';
    const when = span === 'all day' ? ' all day' : `, ${span}`;
    reasons.push({ code: 'EXTERNAL_BUSY', message: `Busy in ${e.calendarName}${when}${gapText}` });
  }
  return reasons;
}

/** Every reason of the slot rules (daySlots) against the start `m` minutes after midnight. */
function slotReasons(m: number, day: DayRules): ExplainReason[] {
  const { policy } = day;
  const start = nzMinuteInstant(day.date, m);
  const reasons: ExplainReason[] = [];
  if (start < day.now) reasons.push({ code: 'PAST', message: 'Already past' });
  else if (start < day.now + policy.minNoticeMinutes * MINUTE_MS)
    reasons.push({ code: 'MIN_NOTICE', message: `Less than ${noticeText(policy.minNoticeMinutes)} notice` });
  if (day.beyondHorizon)
    reasons.push({ code: 'HORIZON', message: `Beyond the ${policy.horizonDays}-day booking window` });
  for (const message of hoursReasons(m, start, day)) reasons.push({ code: 'OUTSIDE_HOURS', message });
  reasons.push(...takenReasons(start, day));
  return reasons;
}

/**
 * Each candidate start of `date` for a session of `durationMinutes`, with why it is not offered;
 * with a visitor, a time the slot rules allow may still be refused by the route (one ROUTE reason).
 * `input` is what loadOfferedSlots reads for the date; drives must have been prefetched.
 */
export function explainDay(
  deps: Pick<OfferDeps, 'config' | 'drives'>,
  input: OfferInput,
  date: string,
  durationMinutes: number,
  now: Date,
  visitor?: Visitor,
): ExplainedTime[] {
  const policy: SlotPolicy = { ...deps.config.booking, durationMinutes };
  const step = policy.stepMinutes ?? TIME_CHOICE_STEP_MINUTES;
  const day: DayRules = {
    date,
    input,
    policy,
    now: now.getTime(),
    hours: input.hours.find((h) => h.dayOfWeek === dayOfWeek(date)),
    step,
    beyondHorizon: date > addDaysToDate(nzToday(now), policy.horizonDays),
  };
  const fit = visitor ? slotFitInput(deps, input, date, durationMinutes, visitor) : null;
  return candidateMinutes(date, input.hours, step).map((m) => {
    const time = minutesToTime(m);
    const reasons = slotReasons(m, day);
    if (fit && reasons.length === 0) {
      const route = routeReason(fit, candidateVisit(date, time, durationMinutes, fit.location), input.external);
      if (route) reasons.push(route);
    }
    return { time, reasons };
  });
}

/**
 * Why a visitor could not book one start, at any minute (she may type 10:15, off the 30-minute grid): her own
 * bookings (docs/product.md §4 "Bookings she takes herself", bookings/admin-create.ts). The reasons of explainDay for
 * that start, the grid's step left out; with a visitor, the route's reason when the slot rules pass. Drives must have
 * been prefetched.
 */
export function explainTime(
  deps: Pick<OfferDeps, 'config' | 'drives'>,
  input: OfferInput,
  request: { date: string; time: string; durationMinutes: number },
  now: Date,
  visitor?: Visitor,
): ExplainReason[] {
  const { date, time, durationMinutes } = request;
  const policy: SlotPolicy = { ...deps.config.booking, durationMinutes };
  const day: DayRules = {
    date,
    input,
    policy,
    now: now.getTime(),
    hours: input.hours.find((h) => h.dayOfWeek === dayOfWeek(date)),
    // Every minute is on a one-minute grid: the visitor's step is how times are offered, not a rule of her day.
    step: 1,
    beyondHorizon: date > addDaysToDate(nzToday(now), policy.horizonDays),
  };
  const reasons = slotReasons(timeToMinutes(time), day);
  if (visitor && reasons.length === 0) {
    const fit = slotFitInput(deps, input, date, durationMinutes, visitor);
    const route = routeReason(fit, candidateVisit(date, time, durationMinutes, fit.location), input.external);
    if (route) reasons.push(route);
  }
  return reasons;
}
