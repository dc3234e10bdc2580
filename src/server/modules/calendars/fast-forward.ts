/**
 * Where to start expanding a long-running series so that ical.js does not step through every
 * occurrence since it began (each step costs microseconds, and "every day since 1970" is 20,000
 * steps). A rule with no COUNT that repeats every n seconds, minutes, hours, days or weeks of wall
 * clock time has the same occurrences after DTSTART + k periods as after DTSTART: moving the start
 * on by whole periods keeps it in step.
 */
import ICAL from 'ical.js';
import { wallClockAsUtcMs } from './zone-resolver';

const PERIOD_SECONDS: Partial<Record<string, number>> = {
  SECONDLY: 1,
  MINUTELY: 60,
  HOURLY: 3600,
  DAILY: 86_400,
  WEEKLY: 7 * 86_400,
};

const YEAR_SECONDS = 365.25 * 86_400;
/** The rough length of a rule's step, for rules that step so far that ical.js takes seconds to get there. */
const STEP_SECONDS: Record<string, number> = { ...PERIOD_SECONDS, MONTHLY: YEAR_SECONDS / 12, YEARLY: YEAR_SECONDS };
const LONGEST_STEP_SECONDS = 100 * YEAR_SECONDS;

/**
 * A rule whose occurrences are more than a century apart ("every million weeks"): no one's real
 * calendar, and ical.js walks month by month to the next one (seconds for 19,000 years).
 */
export function repeatsTooRarely(component: ICAL.Component): boolean {
  return component.getAllProperties('rrule').some((property) => {
    const rule = property.getFirstValue();
    return rule instanceof ICAL.Recur && (rule.interval || 1) * (STEP_SECONDS[rule.freq] ?? 0) > LONGEST_STEP_SECONDS;
  });
}

/** Rule parts that only filter or expand by calendar fields, whatever DTSTART is. */
const CALENDAR_PARTS = new Set(['BYSECOND', 'BYMINUTE', 'BYHOUR', 'BYDAY', 'BYMONTHDAY', 'BYMONTH']);

function periodSecondsOf(rule: ICAL.Recur): number | null {
  const period = PERIOD_SECONDS[rule.freq];
  if (period === undefined || rule.count) return null;
  for (const [part, values] of Object.entries(rule.parts)) {
    if (!CALENDAR_PARTS.has(part)) return null;
    // "the 2nd Tuesday" counts from the start of a month or year, which moving by weeks does not keep.
    if (part === 'BYDAY' && values.some((value) => typeof value !== 'string' || !/^[A-Z]{2}$/.test(value))) {
      return null;
    }
  }
  return period * (rule.interval || 1);
}

/**
 * A later start for the series' expansion, on its rhythm and at or before `latestStartMs` (read as
 * wall clock), or null to start at DTSTART. Only for a series with one RRULE and no RDATE. (An
 * override of an occurrence before the new start may move it into the window: eventBusy reads the
 * overrides the expansion did not reach.)
 */
export function fastForwardStart(event: ICAL.Event, latestStartMs: number): ICAL.Time | null {
  const component = event.component;
  if (component.hasProperty('rdate')) return null;
  const rules = component.getAllProperties('rrule');
  if (rules.length !== 1) return null;
  const rule = rules[0]?.getFirstValue();
  if (!(rule instanceof ICAL.Recur)) return null;
  const periodSeconds = periodSecondsOf(rule);
  const start = event.startDate;
  if (periodSeconds === null || (start.isDate && periodSeconds % 86_400 !== 0)) return null;
  const periods = Math.floor((latestStartMs - wallClockAsUtcMs(start)) / (periodSeconds * 1000));
  if (periods <= 0) return null;
  const seconds = periods * periodSeconds;
  const later = start.clone();
  later.adjust(Math.floor(seconds / 86_400), 0, 0, seconds % 86_400);
  return later;
}
