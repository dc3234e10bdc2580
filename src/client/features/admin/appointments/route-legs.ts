/**
 * The drive lines of the Appointments tab's day list (docs/product.md §10, "her view of the day"), pure:
 * which leg of the day's route goes with which appointment, and what each leg says.
 * Relative imports only: its unit test imports this file (vitest knows only the @shared alias).
 */
import type { BookingStatus } from '@shared/constants';
import type { DayRoute, DayRouteLeg } from '@shared/schemas/day-route';
import { formatDistance } from '../../../lib/format';

/** drive: the plain line; warning: a gap too short to drive; note: a location the route could not place. */
export type LegTone = 'drive' | 'warning' | 'note';

export interface LegLine {
  tone: LegTone;
  text: string;
}

/** The legs shown with one appointment: the one arriving at it, and the drive home after the last. */
export interface AppointmentLegs {
  before?: DayRouteLeg;
  after?: DayRouteLeg;
}

interface ListedBooking {
  id: number;
  status: BookingStatus;
}

/** Only pending and confirmed visits are on her route; a cancelled one in the list gets no leg. */
const isActive = (b: ListedBooking) => b.status === 'pending' || b.status === 'confirmed';

/**
 * The route's legs by the appointment they are shown with, matched by booking id. A leg whose
 * visit is not an active appointment of the list (the list and the route refresh apart) is left out.
 */
export function legsByAppointment(
  route: DayRoute | undefined,
  bookings: readonly ListedBooking[],
): Map<number, AppointmentLegs> {
  const result = new Map<number, AppointmentLegs>();
  if (!route) return result;
  const active = new Set(bookings.filter(isActive).map((b) => b.id));
  const shown = (id: number | null): id is number => id !== null && active.has(id);
  const entry = (id: number) => result.get(id) ?? result.set(id, {}).get(id)!;
  for (const leg of route.legs) {
    if (leg.kind === 'to-base') {
      if (shown(leg.fromBookingId)) entry(leg.fromBookingId).after = leg;
    } else if (shown(leg.toBookingId) && (leg.kind === 'from-base' || shown(leg.fromBookingId))) {
      entry(leg.toBookingId).before = leg;
    }
  }
  return result;
}

/** Two places the provider puts at the same spot (the offline gazetteer places a suburb, not a street). */
export const SAME_AREA = 'same area, no drive';

/**
 * 'about 47 min · 46.7 km' (minutes only, so that it compares at a glance with the gap), with ' (estimate)' when
 * the offline straight line gave it (docs/product.md §19), or SAME_AREA rather than 'about 0 min · 0.0 km'; null when
 * unknown.
 */
function driveText(leg: DayRouteLeg): string | null {
  if (leg.driveMinutes === null || leg.km === null) return null;
  if (leg.driveMinutes === 0 && leg.km < 0.05) return SAME_AREA;
  return `about ${leg.driveMinutes} min · ${formatDistance(leg.km)}${leg.estimate ? ' (estimate)' : ''}`;
}

function betweenLines(leg: DayRouteLeg, drive: string | null): LegLine[] {
  const allow = leg.requiredMinutes === null ? '' : `allow at least ${leg.requiredMinutes} min`;
  if (drive === null) {
    if (leg.feasible) return [{ tone: 'note', text: allow ? `Location unknown: ${allow}` : 'Location unknown' }];
    return [
      {
        tone: 'warning',
        text: `Location unknown: only ${leg.gapMinutes} min between these visits${allow ? `; ${allow}` : ''}`,
      },
    ];
  }
  const lines: LegLine[] = [{ tone: 'drive', text: drive === SAME_AREA ? 'Same area, no drive' : `Drive ${drive}` }];
  if (!leg.feasible) {
    const needs = leg.requiredMinutes === null ? '' : `; the drive needs about ${leg.requiredMinutes} min`;
    lines.push({ tone: 'warning', text: `Only ${leg.gapMinutes} min between these visits${needs}` });
  }
  return lines;
}

const BASE_LEG = {
  'from-base': { label: 'From base', warning: 'Leaves too little time to drive from base after opening' },
  'to-base': { label: 'Back to base', warning: 'Back to base after closing time' },
} as const;

/** What one leg says, in the order shown: the drive (or a note that a place is unknown), then any warning. */
export function legLines(leg: DayRouteLeg): LegLine[] {
  const drive = driveText(leg);
  if (leg.kind === 'between') return betweenLines(leg, drive);
  const { label, warning } = BASE_LEG[leg.kind];
  const lines: LegLine[] = [
    drive === null
      ? { tone: 'note', text: `${label}: location unknown` }
      : { tone: 'drive', text: `${label}: ${drive}` },
  ];
  if (!leg.feasible) lines.push({ tone: 'warning', text: warning });
  return lines;
}

/** 'Total driving: 57.3 km' for a day with at least one visit on the route; null otherwise. */
export function totalDrivingText(route: DayRoute | undefined): string | null {
  if (!route || route.bookingIds.length === 0) return null;
  return `Total driving: ${formatDistance(route.totalKm)}`;
}
