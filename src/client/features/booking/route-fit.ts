/**
 * The wizard's side of travel-aware times (docs/decisions/015): which address the
 * times are asked for, the nearest times that fit when the chosen one does not, and the words
 * shown. Pure (only @shared), so it is unit-tested.
 */
import { formatTime12, timeToMinutes } from '@shared/clock-time';
import { ADDRESS_MIN_LENGTH } from '@shared/constants';
import type { RouteMisfit } from '@shared/schemas/booking';
import { formatLongDate } from '@shared/time';

/** Shorter than a suburb's name ('Te Uku' is 6): not worth asking about yet. */
export const ROUTE_ADDRESS_MIN_LENGTH = 3;

/** The step-2 field as sent with the availability calls: trimmed, spaces collapsed; null when too short. */
export function routeAddressParam(raw: string | null | undefined): string | null {
  const address = (raw ?? '').trim().replace(/\s+/g, ' ');
  return address.length >= ROUTE_ADDRESS_MIN_LENGTH ? address : null;
}

/** Whether two addresses ask the server the same question (case and spacing aside; null = none given). */
export function sameRouteAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  return (routeAddressParam(a)?.toLowerCase() ?? null) === (routeAddressParam(b)?.toLowerCase() ?? null);
}

/**
 * Up to `count` of the times that fit, nearest to the chosen one first in the choice (an
 * earlier time wins a tie: the visitor asked for roughly then), shown in time order.
 */
export function nearestFittingTimes(chosen: string, fitting: readonly string[], count = 3): string[] {
  const at = timeToMinutes(chosen);
  return fitting
    .filter((time) => time !== chosen)
    .map((time) => ({ time, minutes: timeToMinutes(time) }))
    .sort((a, b) => Math.abs(a.minutes - at) - Math.abs(b.minutes - at) || a.minutes - b.minutes)
    .slice(0, count)
    .sort((a, b) => a.minutes - b.minutes)
    .map((t) => t.time);
}

/** The practice profile's therapistName to its first name; 'The therapist' while unknown. */
export function therapistFirstName(name: string | null | undefined): string {
  return name?.trim().split(/\s+/)[0] || 'The therapist';
}

/** The mark of a time (or day) next to another of her visits in the same area: no one else's details. */
export function nearbyHint(therapistName: string | null | undefined): string {
  return `${therapistFirstName(therapistName)} is nearby that day`;
}

/**
 * Step 3's message when the chosen time does not fit the address typed there, by its real cause (the server's answer
 * for that date, decision 035): an empty day's early time is the drive from where she starts, not other visits. `cause`
 * undefined: the time is not free any more. 'Appointment': the one before or after may be a busy time of her own.
 */
export function routeMisfitText(
  therapistName: string | null | undefined,
  date: string,
  time: string,
  hasFitting: boolean,
  cause?: RouteMisfit,
): string {
  const who = therapistFirstName(therapistName);
  const when = `${formatTime12(time)} on ${formatLongDate(date)}`;
  const reason = {
    'from-base': `${who} can't reach this address in time for ${when}: she sets out at the start of her day, and the drive here takes longer.`,
    'gap-before': `${who} can't reach this address in time for ${when}: her appointment before then leaves too little time to drive there.`,
    'gap-after': `${who} can't come to this address at ${when}: it would leave too little time to drive on to her next appointment that day.`,
    'to-base': `${who} can't come to this address at ${when}: it would leave too little time to drive home by the end of her working day.`,
    taken: `${who} can no longer take ${when}: that time is not free any more.`,
  }[cause ?? 'taken'];
  return hasFitting ? `${reason} Times that fit:` : `${reason} No other time that day fits this address.`;
}

/**
 * The address step 3 must check the chosen time against: the address typed there (once long
 * enough to quote), unless it is the one step 2's times were already asked for (then the time
 * was chosen from times that fit it). Null: nothing to check.
 */
export function addressToCheck(step3Address: string, timesFor: string | null): string | null {
  if (step3Address.trim().length <= ADDRESS_MIN_LENGTH) return null;
  const address = routeAddressParam(step3Address);
  return address === null || sameRouteAddress(address, timesFor) ? null : address;
}

/**
 * What a day's answer says about the chosen time: null when it fits (or nothing is known), else the nearest times that
 * do.
 */
export function misfitOf(
  answer: { available: boolean; timeSlots: readonly string[] } | undefined,
  time: string | null,
): string[] | null {
  if (!answer || !time) return null;
  const fitting = answer.available ? answer.timeSlots : [];
  return fitting.includes(time) ? null : nearestFittingTimes(time, fitting);
}
