/**
 * Reads a series' calendar file the way a calendar app does, with ical.js: the zone registered, the
 * recurrence expanded (RecurExpansion, EXDATE applied) and the RECURRENCE-ID overrides laid over it.
 * Shared by series-ics.test.ts and the API tests of e-mailed attachments.
 */
import ICAL from 'ical.js';

export interface ExpandedVisit {
  /** The UTC instant the visit starts. */
  start: string;
  /** Its NZ wall-clock date and time as the file gives them. */
  local: string;
  durationMinutes: number;
}

export function expandSeriesIcs(ics: string, limit = 200): { uid: string; status: string; visits: ExpandedVisit[] } {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone'))
    ICAL.TimezoneService.register(new ICAL.Timezone(vtimezone));
  const vevents = calendar.getAllSubcomponents('vevent');
  const main = vevents.find((v) => !v.hasProperty('recurrence-id'))!;
  const exceptions = vevents.filter((v) => v.hasProperty('recurrence-id')).map((v) => new ICAL.Event(v));
  const event = new ICAL.Event(main, { exceptions });
  const status = String(main.getFirstPropertyValue('status'));
  const visits: ExpandedVisit[] = [];
  const iterator = event.iterator();
  for (let next = iterator.next(); next && visits.length < limit; next = iterator.next()) {
    const details = event.getOccurrenceDetails(next);
    const start = details.startDate;
    visits.push({
      start: start.toJSDate().toISOString(),
      local: start.toString().slice(0, 16),
      durationMinutes: Math.round((details.endDate.toUnixTime() - start.toUnixTime()) / 60),
    });
  }
  return { uid: event.uid, status, visits };
}
