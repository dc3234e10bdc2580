/**
 * The ROUTE reason of 'Why this time?': which leg of her day the route rule refuses a candidate for,
 * in her words, with the minutes it needs against the minutes it has.
 */
import type { ExplainReason } from '@shared/schemas/other-calendar';
import { MINUTE_MS } from '@shared/time';
import type { RoutePolicy } from '../../config';
import { refusedLeg, type RouteLeg, type RouteVisit } from '../scheduling/route-rule';
import type { SlotFitInput } from '../scheduling/slot-fit';
import { time12 } from './explain-text';
import type { ExternalBusy } from './slots';

/** 'the 10:00 AM visit', or 'your Family calendar event' for a busy time (its calendar, never its title). */
function stopLabel(stop: RouteVisit, external: readonly ExternalBusy[]): string {
  if (!stop.busy) return `the ${time12(stop.start)} visit`;
  const event = external.find(
    (e) => e.start.getTime() === stop.start.getTime() && e.end.getTime() === stop.end.getTime(),
  );
  return event ? `your ${event.calendarName} calendar event` : 'a busy time in your calendars';
}

/** Shown as she would count it: a part minute needed is a whole one, a part minute available is none. */
const needed = (minutes: number) => Math.ceil(minutes);
const available = (minutes: number) => Math.floor(minutes);

/** What a leg between two stops needs, and why: the drive plus setup, the unknown gap or the minimum gap. */
function betweenNeeds(leg: RouteLeg, policy: RoutePolicy): string {
  const required = needed(leg.requiredMinutes ?? 0);
  if (leg.unknown) return `needs ${required} min (drive time unknown)`;
  if (leg.drive && leg.drive.minutes + policy.setupMinutes > policy.minGapMinutes)
    return `needs ${required} min (${needed(leg.drive.minutes)} min drive + ${policy.setupMinutes} min setup)`;
  return `needs ${required} min (the minimum gap)`;
}

/** Why the route rule refuses the candidate (the visitor's session), or null when the route fits it. */
export function routeReason(
  fit: SlotFitInput,
  candidate: RouteVisit,
  external: readonly ExternalBusy[],
): ExplainReason | null {
  const refused = refusedLeg(fit.visits, candidate, fit.day, fit.policy, fit.drive);
  if (!refused) return null;
  const label = (i: number | 'base') => (i === 'base' ? 'home' : stopLabel(fit.visits[i]!, external));
  if (refused.reason === 'overlap') return { code: 'ROUTE', message: `Overlaps ${label(refused.visit)}` };
  const { leg } = refused;
  const required = needed(leg.requiredMinutes ?? 0);
  const gap = available(leg.gapMinutes);
  let message: string;
  switch (refused.reason) {
    case 'gap-before':
      message = `Drive from ${label(leg.from)}: ${betweenNeeds(leg, fit.policy)}, ${gap} min available`;
      break;
    case 'gap-after':
      message = `Drive to ${label(leg.to)}: ${betweenNeeds(leg, fit.policy)}, ${gap} min available`;
      break;
    case 'from-base':
      message = `Drive from home: needs ${required} min, ${gap} min after opening`;
      break;
    case 'to-base': {
      const homeBy = fit.day.closeAt.getTime() + fit.policy.dayEndGraceMinutes * MINUTE_MS;
      message = `Home by ${time12(homeBy)}: needs ${required} min after this visit, ${gap} min available`;
      break;
    }
  }
  return { code: 'ROUTE', message };
}
