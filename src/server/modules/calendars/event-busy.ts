/**
 * The busy intervals of one event (a single event, or a series with its overrides) inside a window.
 * The series is expanded by ical.js in wall-clock time (so a weekly 3 PM stays 3 PM across a clock
 * change); each occurrence's wall clock is then turned into an instant by the ZoneResolver.
 */
import { TZDate } from '@date-fns/tz';
import ICAL from 'ical.js';
import { BUSINESS_TIME_ZONE } from '@shared/constants';
import { HOUR_MS } from '@shared/time';
import { fastForwardStart, repeatsTooRarely } from './fast-forward';
import { type StepBudget, StepBudgetExceeded, limitSteps, ruleIteratorsOf } from './step-budget';
import { type EventLength, type LengthProblem, lengthOf, longestMs, tzidOf } from './event-length';
import { type ZoneResolver, wallClockAsUtcMs, wallClockToMs } from './zone-resolver';

/** Set by ics-busy on an event whose RRULE ical.js refused (kept here: ics-busy imports this file). */
export const UNREADABLE_RULE_PROPERTY = 'X-HOMEVISIT-UNREADABLE-RULE';

/** Occurrences read per event at most: a rule that repeats every minute from 1970 stops here. */
export const MAX_OCCURRENCES_PER_EVENT = 20_000;

/** A wall-clock time read as UTC is at most this far from the instant it means (offsets run -12:00..+14:00). */
const WALL_CLOCK_SLACK_MS = 26 * HOUR_MS;

export interface Window {
  from: number;
  to: number;
}

export interface EventInterval {
  start: number;
  end: number;
  allDay: boolean;
  /** The VEVENT the occurrence was read from: the series, or the override that changed it (its own SUMMARY). */
  source: ICAL.Component;
}

export type SkipReason =
  | LengthProblem
  | 'no start'
  | 'unreadable repeat rule'
  | 'cancelled'
  | 'free (transparent)'
  | 'all-day (not blocking)'
  | 'outside the window';

export interface EventBusy {
  intervals: EventInterval[];
  /** Why the whole event was left out, if it was. */
  skipped: SkipReason | null;
  /** The series was cut off: more than MAX_OCCURRENCES_PER_EVENT occurrences, or the step budget spent. */
  truncated: boolean;
}

/**
 * Cancelled or free: takes no time on the therapist's calendar. An all-day event that blocks is not
 * freed by TRANSP: Google, Apple and Outlook write every all-day event as free by default, so the
 * therapist's "all-day events block" setting would otherwise block nothing.
 */
export function freeReason(event: ICAL.Component, allDayBlocks: boolean): 'cancelled' | 'free (transparent)' | null {
  const status = event.getFirstPropertyValue('status');
  if (typeof status === 'string' && status.trim().toUpperCase() === 'CANCELLED') return 'cancelled';
  if (allDayBlocks && isAllDay(event)) return null;
  const transp = event.getFirstPropertyValue('transp');
  if (typeof transp === 'string' && transp.trim().toUpperCase() === 'TRANSPARENT') return 'free (transparent)';
  // Outlook marks a "Free" appointment this way (and usually TRANSP too).
  const busyStatus = event.getFirstPropertyValue('x-microsoft-cdo-busystatus');
  if (typeof busyStatus === 'string' && busyStatus.trim().toUpperCase() === 'FREE') return 'free (transparent)';
  return null;
}

function isAllDay(event: ICAL.Component): boolean {
  const start = event.getFirstPropertyValue('dtstart');
  return start instanceof ICAL.Time && start.isDate;
}

function nzMidnightMs(date: ICAL.Time): number {
  return new TZDate(date.year, date.month - 1, date.day, 0, 0, 0, BUSINESS_TIME_ZONE).getTime();
}

function plusDays(time: ICAL.Time, days: number): ICAL.Time {
  const moved = time.clone();
  moved.adjust(days, 0, 0, 0);
  return moved;
}

/** One occurrence: all-day ones run from midnight to midnight in Auckland, whatever zone they name. */
function intervalOf(
  source: ICAL.Component,
  start: ICAL.Time,
  tzid: string | null,
  length: EventLength,
  zones: ZoneResolver,
): EventInterval {
  if (start.isDate) {
    const days = length.kind === 'nominal' ? Math.max(length.days, 1) : Math.max(Math.round(length.ms / 86_400_000), 1);
    return { start: nzMidnightMs(start), end: nzMidnightMs(plusDays(start, days)), allDay: true, source };
  }
  const zone = zones.zoneOf(start, tzid);
  const startMs = wallClockToMs(start, zone);
  if (length.kind === 'exact') return { start: startMs, end: startMs + length.ms, allDay: false, source };
  const endMs = wallClockToMs(length.days === 0 ? start : plusDays(start, length.days), zone) + length.ms;
  return { start: startMs, end: endMs, allDay: false, source };
}

function meets(interval: EventInterval, window: Window): boolean {
  return interval.start < window.to && interval.end > window.from;
}

/** Reads an override (a RECURRENCE-ID event): its own times, or null when it frees the occurrence. */
function overrideInterval(
  override: ICAL.Event,
  start: ICAL.Time,
  zones: ZoneResolver,
  lengths: Map<ICAL.Event, EventLength | LengthProblem>,
  allDayBlocks: boolean,
): EventInterval | null {
  if (freeReason(override.component, allDayBlocks)) return null;
  if (start.isDate && !allDayBlocks) return null;
  let length = lengths.get(override);
  if (length === undefined) {
    length = lengthOf(override.component, zones);
    lengths.set(override, length);
  }
  if (typeof length === 'string') return null;
  return intervalOf(override.component, start, tzidOf(override.component.getFirstProperty('dtstart')), length, zones);
}

/**
 * The series' occurrence starts in order, from ical.js, starting near `latestStartMs` when the rule
 * allows (far earlier occurrences would only be stepped over). A series of one RRULE with no RDATE,
 * EXDATE or override is read from the rule's own iterator: the expansion around it would cost a
 * quarter of the time, and add nothing. (That iterator answers the same Time object each time:
 * read, never kept.)
 */
function occurrencesOf(
  event: ICAL.Event,
  latestStartMs: number,
  budget: StepBudget,
): { next(): ICAL.Time | null | undefined } {
  const component = event.component;
  const start = fastForwardStart(event, latestStartMs);
  const rules = component.getAllProperties('rrule');
  const rule = rules.length === 1 ? rules[0]?.getFirstValue() : null;
  const plain = !component.hasProperty('rdate') && !component.hasProperty('exdate');
  if (rule instanceof ICAL.Recur && plain && Object.keys(event.exceptions).length === 0) {
    const iterator = rule.iterator(start ?? event.startDate);
    limitSteps([iterator], budget);
    return iterator;
  }
  const expansion = event.iterator(start ?? undefined);
  limitSteps(ruleIteratorsOf(expansion), budget);
  return expansion;
}

/**
 * Expands `event` (its overrides already related to it) across the window. Occurrences are read in
 * order and the series stops at the first one that starts after the window, after
 * MAX_OCCURRENCES_PER_EVENT, or when ical.js has stepped too long (the step budget).
 */
export function eventBusy(
  event: ICAL.Event,
  window: Window,
  allDayBlocks: boolean,
  zones: ZoneResolver,
  budget: StepBudget,
): EventBusy {
  const skip = (reason: SkipReason): EventBusy => ({ intervals: [], skipped: reason, truncated: false });
  const component = event.component;
  const startProperty = component.getFirstProperty('dtstart');
  const dtstart = startProperty?.getFirstValue();
  if (!(dtstart instanceof ICAL.Time)) return skip('no start');
  if (component.hasProperty(UNREADABLE_RULE_PROPERTY.toLowerCase()) || repeatsTooRarely(component)) {
    return skip('unreadable repeat rule');
  }
  const free = freeReason(component, allDayBlocks);
  if (free === 'cancelled') return skip(free);
  if (dtstart.isDate && !allDayBlocks) return skip('all-day (not blocking)');
  if (free) return skip(free);
  const length = lengthOf(component, zones);
  if (typeof length === 'string') return skip(length);

  const tzid = tzidOf(startProperty);
  const longest = longestMs(length) + WALL_CLOCK_SLACK_MS;
  const overrides = Object.values(event.exceptions);
  const overrideLengths = new Map<ICAL.Event, EventLength | LengthProblem>();
  const seenOverrides = new Set<ICAL.Event>();
  const intervals: EventInterval[] = [];
  const iterator = occurrencesOf(event, window.from - longest, budget);
  let truncated = false;

  for (let read = 0; ; read++) {
    if (read >= MAX_OCCURRENCES_PER_EVENT) {
      truncated = true;
      break;
    }
    let occurrence: ICAL.Time | null | undefined;
    try {
      occurrence = iterator.next();
    } catch (error) {
      if (!(error instanceof StepBudgetExceeded)) throw error;
      truncated = true;
      break;
    }
    if (!occurrence) break;
    const wallClock = wallClockAsUtcMs(occurrence);
    if (wallClock - WALL_CLOCK_SLACK_MS >= window.to) break;
    let interval: EventInterval | null;
    if (overrides.length > 0) {
      // Only a series with overrides pays for the lookup (ical.js converts each occurrence to UTC).
      const details = event.getOccurrenceDetails(occurrence);
      if (details.item !== event) {
        seenOverrides.add(details.item);
        interval = overrideInterval(details.item, details.startDate, zones, overrideLengths, allDayBlocks);
      } else {
        interval = intervalOf(component, occurrence, tzid, length, zones);
      }
    } else {
      // Far before the window: not worth a zone lookup.
      if (wallClock + longest < window.from) continue;
      interval = intervalOf(component, occurrence, tzid, length, zones);
    }
    if (interval && meets(interval, window)) intervals.push(interval);
  }

  // An override may move an occurrence into the window from before where the expansion started, or
  // from after where it stopped: read the overrides it did not reach on their own.
  for (const override of overrides) {
    if (seenOverrides.has(override) || override.modifiesFuture()) continue;
    const interval = overrideInterval(override, override.startDate, zones, overrideLengths, allDayBlocks);
    if (interval && meets(interval, window)) intervals.push(interval);
  }

  if (intervals.length === 0 && !truncated) return skip('outside the window');
  return { intervals, skipped: null, truncated };
}
