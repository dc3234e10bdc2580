/**
 * Reads an iCalendar file (a Google, Apple or Outlook address, or one CalDAV object) into the times
 * it makes the therapist busy. Pure: no I/O, no clock, the same answer in any process zone.
 */
import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { type SkipReason, type Window, UNREADABLE_RULE_PROPERTY, eventBusy } from './event-busy';
import { type StepBudget, STEPS_PER_FILE } from './step-budget';
import { ZoneResolver, floatingZoneOf, useRuntimeZoneRules } from './zone-resolver';

export interface BusyInterval {
  start: Date;
  end: Date;
  title: string;
  allDay: boolean;
  uid: string;
}

export interface IcsReadResult {
  /** VEVENTs in the file that are not overrides (a series counts once). */
  eventCount: number;
  /** Busy intervals that meet the window, sorted by start. */
  busy: BusyInterval[];
  /** Events left out, by a short human reason ('cancelled', 'outside the window', ...). */
  skipped: Record<string, number>;
}

/** The text is not a calendar that can be read: message is shown to the therapist as is. */
export class CalendarFormatError extends Error {
  override name = 'CalendarFormatError';
}

export const TITLE_MAX_LENGTH = 200;
const REASON_MAX_LENGTH = 120;

const HTML_MESSAGE =
  "The address answered with a web page (HTML), not a calendar. Check that it is the calendar's secret/public iCal address.";

function shorten(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join('')}…`;
}

/**
 * ical.js looks up the VTIMEZONE of each TZID it reads, and remembers only those it finds: a file
 * with thousands of events naming a zone it does not define would be read in quadratic time. The
 * zones it finds are given the runtime's rules when their name is known.
 */
function rememberZoneLookups(calendar: ICAL.Component): ICAL.Component {
  const lookUp = calendar.getTimeZoneByID.bind(calendar);
  const found = new Map<string, ICAL.Timezone | null>();
  calendar.getTimeZoneByID = (tzid: string): ICAL.Timezone => {
    let timezone = found.get(tzid);
    if (timezone === undefined) {
      timezone = lookUp(tzid);
      if (timezone) useRuntimeZoneRules(timezone);
      found.set(tzid, timezone);
    }
    // ical.js's types say Timezone; it answers null for a zone the file does not define.
    return timezone as ICAL.Timezone;
  };
  return calendar;
}

function isReadableRule(value: string): boolean {
  try {
    ICAL.Recur.fromString(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * ICAL.parse, but one RRULE that ical.js refuses (it reads them while parsing) costs its event, not
 * the whole calendar: such a rule is renamed UNREADABLE_RULE_PROPERTY and the text parsed again.
 */
function parseSparingBadRules(body: string): unknown {
  try {
    return ICAL.parse(body);
  } catch (error) {
    const unfolded = body.replace(/\r?\n[ \t]/g, '');
    const repaired = unfolded.replace(
      /^(?:RRULE|EXRULE)((?:;[^:\r\n]*)?:(.*))$/gim,
      (line, rest: string, value: string) =>
        isReadableRule(value.trim()) ? line : `${UNREADABLE_RULE_PROPERTY}${rest}`,
    );
    if (repaired === unfolded) throw error;
    return ICAL.parse(repaired);
  }
}

/** Every VCALENDAR in the text, or CalendarFormatError saying why there is none. */
function readCalendars(text: string): ICAL.Component[] {
  const body = text.replace(/^\uFEFF/, '').trim();
  if (body === '') throw new CalendarFormatError('The calendar file is empty.');
  if (/^<(!doctype\s+html|html|head|body)\b/i.test(body) || (body.startsWith('<') && /<html\b/i.test(body))) {
    throw new CalendarFormatError(HTML_MESSAGE);
  }
  if (body.startsWith('<')) {
    throw new CalendarFormatError('The address answered with XML, not a calendar (iCalendar) file.');
  }
  let parsed: unknown;
  try {
    parsed = parseSparingBadRules(body);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CalendarFormatError(`The calendar file could not be read: ${shorten(reason, REASON_MAX_LENGTH)}`);
  }
  // ical.js answers one component, or a list when the text holds several.
  const jcals = (Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed : [parsed]) as unknown[];
  const calendars = jcals
    .filter((jcal): jcal is unknown[] => Array.isArray(jcal) && jcal[0] === 'vcalendar')
    .map((jcal) => rememberZoneLookups(new ICAL.Component(jcal)));
  if (calendars.length === 0) {
    throw new CalendarFormatError('The file is not a calendar: it has no VCALENDAR (iCalendar) section.');
  }
  return calendars;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** SUMMARY as plain text on one line, as it will be shown (never as HTML). */
function titleOf(event: ICAL.Component): string {
  let summary: unknown;
  try {
    summary = event.getFirstPropertyValue('summary');
  } catch {
    summary = null;
  }
  // eslint-disable-next-line no-control-regex -- line breaks and tabs in a title become one space
  const text = typeof summary === 'string' ? summary.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim() : '';
  // A lone surrogate (or a pair cut in half by shortening) is no character: stored text is well-formed.
  return text === '' ? 'Busy' : shorten(text, TITLE_MAX_LENGTH).replace(LONE_SURROGATE, '\ufffd');
}

/** The UID, or one made from the event's text (the same on every read of an unchanged file). */
function uidOf(event: ICAL.Component): string {
  const uid = event.getFirstPropertyValue('uid');
  if (typeof uid === 'string' && uid.trim() !== '') return uid.trim();
  return `no-uid-${createHash('sha256').update(event.toString()).digest('hex').slice(0, 16)}`;
}

interface Series {
  master: ICAL.Component;
  overrides: ICAL.Component[];
}

/** Groups a calendar's VEVENTs by UID: each master with its RECURRENCE-ID overrides. */
function seriesOf(calendar: ICAL.Component): { series: Series[]; unreadable: number } {
  const masters: { uid: string; component: ICAL.Component }[] = [];
  const overridesByUid = new Map<string, ICAL.Component[]>();
  let unreadable = 0;
  for (const component of calendar.getAllSubcomponents('vevent')) {
    try {
      const uid = uidOf(component);
      if (component.hasProperty('recurrence-id')) {
        const list = overridesByUid.get(uid) ?? [];
        list.push(component);
        overridesByUid.set(uid, list);
      } else {
        masters.push({ uid, component });
      }
    } catch {
      unreadable++;
    }
  }
  const series: Series[] = masters.map(({ uid, component }) => ({
    master: component,
    overrides: overridesByUid.get(uid) ?? [],
  }));
  // An override without its series (a CalDAV object can hold one alone) is read as an event of its own.
  const masterUids = new Set(masters.map(({ uid }) => uid));
  for (const [uid, overrides] of overridesByUid) {
    if (!masterUids.has(uid)) series.push(...overrides.map((master) => ({ master, overrides: [] })));
  }
  return { series, unreadable };
}

function count(skipped: Record<string, number>, reason: string, by = 1): void {
  if (by > 0) skipped[reason] = (skipped[reason] ?? 0) + by;
}

function busyOfCalendar(
  calendar: ICAL.Component,
  window: Window,
  allDayBlocks: boolean,
  budget: StepBudget,
  result: IcsReadResult,
): void {
  const zones = new ZoneResolver(calendar, floatingZoneOf(calendar));
  const { series, unreadable } = seriesOf(calendar);
  count(result.skipped, 'unreadable event', unreadable);
  result.eventCount += series.length + unreadable;
  for (const { master, overrides } of series) {
    let reason: SkipReason | 'unreadable event' | null;
    try {
      const event = new ICAL.Event(master, { exceptions: overrides, strictExceptions: false });
      const busy = eventBusy(event, window, allDayBlocks, zones, budget);
      reason = busy.skipped;
      if (busy.truncated) count(result.skipped, 'too many occurrences');
      if (busy.intervals.length > 0) {
        const uid = uidOf(master);
        const titles = new Map<ICAL.Component, string>();
        for (const { start, end, allDay, source } of busy.intervals) {
          let title = titles.get(source);
          if (title === undefined) {
            title = titleOf(source);
            titles.set(source, title);
          }
          result.busy.push({ start: new Date(start), end: new Date(end), title, allDay, uid });
        }
      }
    } catch {
      // A value ical.js cannot read (a date like "garbage", an impossible rule): this event only.
      reason = 'unreadable event';
    }
    if (reason) count(result.skipped, reason);
  }
}

/** Sorts by start, then end (numbers compared, not Dates: a large calendar has tens of thousands). */
function sortByStart(busy: BusyInterval[]): BusyInterval[] {
  return busy
    .map((interval) => ({ interval, start: interval.start.getTime(), end: interval.end.getTime() }))
    .sort((a, b) => a.start - b.start || a.end - b.end)
    .map(({ interval }) => interval);
}

function readIcs(
  text: string,
  window: { from: Date; to: Date },
  options: { allDayBlocks: boolean },
  budget: StepBudget,
): IcsReadResult {
  const calendars = readCalendars(text);
  const range: Window = { from: window.from.getTime(), to: window.to.getTime() };
  const result: IcsReadResult = { eventCount: 0, busy: [], skipped: {} };
  try {
    for (const calendar of calendars) busyOfCalendar(calendar, range, options.allDayBlocks, budget, result);
  } catch (error) {
    // A safety net: each event already catches its own errors.
    const reason = error instanceof Error ? error.message : String(error);
    throw new CalendarFormatError(`The calendar file could not be read: ${shorten(reason, REASON_MAX_LENGTH)}`);
  }
  result.busy = sortByStart(result.busy);
  return result;
}

/**
 * The busy intervals of an iCalendar text that meet [window.from, window.to). Throws
 * CalendarFormatError when the text is not a calendar; a single event that cannot be read is only
 * counted ('unreadable event'). A series reads at most MAX_OCCURRENCES_PER_EVENT occurrences, and
 * the file at most STEPS_PER_FILE steps of ical.js's rule search ('too many occurrences').
 */
export function busyFromIcs(
  text: string,
  window: { from: Date; to: Date },
  options: { allDayBlocks: boolean },
): IcsReadResult {
  return readIcs(text, window, options, { left: STEPS_PER_FILE });
}

/**
 * CalDAV answers one iCalendar text per object: reads each, sums counts and skips, merges busy
 * sorted. A malformed object is skipped with a count ('unreadable'), not fatal, unless every object
 * is unreadable (then the first object's error is thrown). The objects share one step budget.
 */
export function busyFromIcsObjects(
  texts: string[],
  window: { from: Date; to: Date },
  options: { allDayBlocks: boolean },
): IcsReadResult {
  const result: IcsReadResult = { eventCount: 0, busy: [], skipped: {} };
  const budget: StepBudget = { left: STEPS_PER_FILE };
  let firstError: CalendarFormatError | null = null;
  for (const text of texts) {
    let one: IcsReadResult;
    try {
      one = readIcs(text, window, options, budget);
    } catch (error) {
      if (!(error instanceof CalendarFormatError)) throw error;
      firstError ??= error;
      count(result.skipped, 'unreadable');
      continue;
    }
    result.eventCount += one.eventCount;
    result.busy.push(...one.busy);
    for (const [reason, n] of Object.entries(one.skipped)) count(result.skipped, reason, n);
  }
  if (firstError && result.skipped.unreadable === texts.length) throw firstError;
  result.busy = sortByStart(result.busy);
  return result;
}
