/**
 * Turns the wall-clock times of an iCalendar file into instants. A TZID is read, in this order, as
 * an IANA name, a Windows zone name (Outlook writes "New Zealand Standard Time"), the file's own
 * VTIMEZONE definition, and last Pacific/Auckland: a name the runtime knows is more trustworthy
 * than a hand-written VTIMEZONE, which may carry rules from years ago.
 */
import { TZDate } from '@date-fns/tz';
import ICAL from 'ical.js';
import { findIana } from 'windows-iana';
import { BUSINESS_TIME_ZONE } from '@shared/constants';

export type ResolvedZone =
  { kind: 'utc' } | { kind: 'iana'; name: string } | { kind: 'vtimezone'; timezone: ICAL.Timezone };

const ianaNames = new Map<string, string | null>();
const IANA_NAMES_MAX = 1024;

/** The runtime's canonical spelling of an IANA zone name, or null when the runtime does not know it. */
export function ianaZoneName(name: string): string | null {
  const cached = ianaNames.get(name);
  if (cached !== undefined) return cached;
  let canonical: string | null = null;
  // Only names with letters: Intl also takes offsets such as "+12:00", which are no zone's rules.
  if (/^[A-Za-z]/.test(name)) {
    try {
      canonical = new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
    } catch {
      canonical = null;
    }
  }
  if (ianaNames.size >= IANA_NAMES_MAX) ianaNames.clear();
  ianaNames.set(name, canonical);
  return canonical;
}

function windowsZoneToIana(name: string): string | null {
  for (const candidate of findIana(name)) {
    const known = ianaZoneName(candidate);
    if (known) return known;
  }
  return null;
}

/** The IANA zone a TZID names, directly or as a Windows zone, or null. */
export function ianaZoneForTzid(tzid: string): string | null {
  return ianaZoneName(tzid) ?? windowsZoneToIana(tzid);
}

/**
 * Resolves the TZIDs of one calendar (cached per calendar). Floating times (no TZID, no "Z") are
 * read in `floatingZone`.
 */
export class ZoneResolver {
  private readonly byTzid = new Map<string, ResolvedZone>();

  constructor(
    private readonly calendar: ICAL.Component,
    private readonly floatingZone: string,
  ) {}

  /** The zone of a time read from a property: `tzid` is the property's TZID parameter, if any. */
  zoneOf(time: ICAL.Time, tzid: string | null): ResolvedZone {
    const zone = time.zone;
    if (zone === ICAL.Timezone.utcTimezone || zone?.tzid === 'UTC') return { kind: 'utc' };
    // ical.js leaves a TZID it has no definition for as "floating": the parameter still names it.
    const name = zone && zone.tzid !== 'floating' ? zone.tzid : tzid;
    if (!name) return { kind: 'iana', name: this.floatingZone };
    return this.resolve(name);
  }

  resolve(tzid: string): ResolvedZone {
    const cached = this.byTzid.get(tzid);
    if (cached) return cached;
    const resolved = this.resolveUncached(tzid);
    this.byTzid.set(tzid, resolved);
    return resolved;
  }

  private resolveUncached(tzid: string): ResolvedZone {
    const iana = ianaZoneForTzid(tzid);
    if (iana) return { kind: 'iana', name: iana };
    const timezone = this.fileTimezone(tzid);
    if (timezone) return { kind: 'vtimezone', timezone };
    return { kind: 'iana', name: BUSINESS_TIME_ZONE };
  }

  private fileTimezone(tzid: string): ICAL.Timezone | null {
    try {
      for (const vtimezone of this.calendar.getAllSubcomponents('vtimezone')) {
        if (vtimezone.getFirstPropertyValue('tzid') === tzid) return new ICAL.Timezone(vtimezone);
      }
    } catch {
      // A VTIMEZONE that cannot be read is no definition: fall back to the business zone.
    }
    return null;
  }
}

/**
 * The zone floating times (no TZID, no "Z") are read in: X-WR-TIMEZONE when it is a known IANA
 * name, else Auckland. Google and Apple name the calendar's own zone there (Google then writes
 * UTC instants, so it rarely matters); a floating time in such a file means that zone's wall clock.
 */
export function floatingZoneOf(calendar: ICAL.Component): string {
  const declared = calendar.getFirstPropertyValue('x-wr-timezone');
  return (typeof declared === 'string' && ianaZoneName(declared.trim())) || BUSINESS_TIME_ZONE;
}

/** The wall-clock fields of a time as if they were UTC: cheap, and within 26 hours of the real instant. */
export function wallClockAsUtcMs(time: ICAL.Time): number {
  const ms = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  if (time.year >= 100) return ms;
  // Date.UTC reads years 0-99 as 1900-1999.
  const date = new Date(ms);
  date.setUTCFullYear(time.year);
  return date.getTime();
}

/**
 * Offsets (wall clock minus instant, ms) by zone and quarter hour of wall-clock time. TZDate asks
 * Intl for each offset, which cost seconds on a large calendar; every zone changes its clocks on a
 * quarter hour, so one offset holds for a whole quarter hour of wall-clock time. Bounded: a zone's
 * offsets are cleared when full (the zones are those ianaZoneName knows, a few hundred at most).
 */
const quarterHourOffsets = new Map<string, Map<number, number>>();
const QUARTER_HOUR_MS = 15 * 60_000;
const OFFSETS_PER_ZONE_MAX = 100_000;

function ianaWallClockToMs(wallClock: number, zone: string): number {
  let offsets = quarterHourOffsets.get(zone);
  if (!offsets) {
    offsets = new Map();
    quarterHourOffsets.set(zone, offsets);
  }
  const quarter = Math.floor(wallClock / QUARTER_HOUR_MS);
  let offset = offsets.get(quarter);
  if (offset === undefined) {
    const start = new Date(quarter * QUARTER_HOUR_MS);
    const instant = new TZDate(
      start.getUTCFullYear(),
      start.getUTCMonth(),
      start.getUTCDate(),
      start.getUTCHours(),
      start.getUTCMinutes(),
      0,
      zone,
    ).getTime();
    offset = start.getTime() - instant;
    if (offsets.size >= OFFSETS_PER_ZONE_MAX) offsets.clear();
    offsets.set(quarter, offset);
  }
  return wallClock - offset;
}

/**
 * The instant (ms) a wall-clock time means in a zone. A time in the hour skipped when the clocks go
 * forward maps forward, as TZDate does; a time that happens twice when they go back is the later one.
 */
export function wallClockToMs(time: ICAL.Time, zone: ResolvedZone): number {
  switch (zone.kind) {
    case 'utc':
      return wallClockAsUtcMs(time);
    case 'iana':
      return ianaWallClockToMs(wallClockAsUtcMs(time), zone.name);
    case 'vtimezone':
      return wallClockAsUtcMs(time) - zone.timezone.utcOffset(time) * 1000;
  }
}

/**
 * Makes ical.js read a VTIMEZONE whose TZID names a known zone with the runtime's rules, as the
 * ZoneResolver does: its own comparisons (UNTIL, EXDATE) then agree with the instants read here, and
 * are much faster (ical.js walks the VTIMEZONE's list of changes for every comparison, which was
 * half the time of a large calendar).
 */
export function useRuntimeZoneRules(timezone: ICAL.Timezone): void {
  const iana = timezone.tzid ? ianaZoneForTzid(timezone.tzid) : null;
  if (!iana) return;
  timezone.utcOffset = (time: ICAL.Time): number => {
    const wallClock = wallClockAsUtcMs(time);
    return (wallClock - ianaWallClockToMs(wallClock, iana)) / 1000;
  };
}
