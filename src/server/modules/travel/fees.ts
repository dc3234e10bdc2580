/**
 * The travel fee rules (docs/product.md §9, issue 4), pure: free within the two local towns,
 * the standard fee elsewhere up to 30 km, the extended-range fee from 30 to 50 km, and no
 * booking beyond 50 km. An address that could not be located is still bookable and is
 * flagged for the therapist to check by hand.
 */
import { MAX_SERVICE_DISTANCE_KM, STANDARD_SERVICE_AREA_KM } from '@shared/constants';
import { OUTSIDE_SERVICE_AREA, TRAVEL_UNAVAILABLE } from '@shared/messages';
import { formatCents } from '@shared/money';
import type { TravelQuote, TravelZone } from '@shared/schemas/booking';
import { travelQuoteFlags } from '@shared/travel-zone';
import { samePlaceName } from './place-names';
import type { TravelEstimate } from './travel-provider';

export interface TravelFeeRules {
  localTowns: readonly string[];
  /** Outside the local towns, up to 30 km. */
  feeCents: number;
  /** The extended range, over 30 and up to 50 km. */
  extendedFeeCents: number;
}

const km = (d: number) => `${d.toFixed(1)} km`;

/** The two local towns as a phrase: 'Raglan and Te Uku'. */
export function localTownsPhrase(towns: readonly string[]): string {
  if (towns.length <= 1) return towns.join('');
  return `${towns.slice(0, -1).join(', ')} and ${towns[towns.length - 1]}`;
}

/** The zone of a located address, by its locality and its distance as shown. */
export function travelZone(
  locality: string | null,
  distanceKm: number,
  localTowns: readonly string[],
): Exclude<TravelZone, 'unresolved'> {
  if (locality !== null && localTowns.some((town) => samePlaceName(town, locality))) return 'local';
  if (distanceKm <= STANDARD_SERVICE_AREA_KM) return 'standard';
  if (distanceKm <= MAX_SERVICE_DISTANCE_KM) return 'extended';
  return 'refused';
}

function feeAndMessage(
  zone: TravelZone,
  distanceKm: number,
  rules: TravelFeeRules,
): { travelCost: number; message: string } {
  switch (zone) {
    case 'local':
      return { travelCost: 0, message: `Free travel within ${localTownsPhrase(rules.localTowns)}` };
    case 'standard':
      return {
        travelCost: rules.feeCents,
        message:
          rules.feeCents > 0
            ? `Travel fee: ${formatCents(rules.feeCents)} (${km(distanceKm)})`
            : `No travel fee (${km(distanceKm)})`,
      };
    case 'extended':
      return {
        travelCost: rules.extendedFeeCents,
        message:
          rules.extendedFeeCents > 0
            ? `Extended range: ${formatCents(rules.extendedFeeCents)} travel fee (${km(distanceKm)})`
            : `Extended range: no travel fee (${km(distanceKm)})`,
      };
    case 'refused':
      return { travelCost: 0, message: OUTSIDE_SERVICE_AREA };
    case 'unresolved':
      return { travelCost: 0, message: TRAVEL_UNAVAILABLE };
  }
}

export function quoteTravel(estimate: TravelEstimate | null, rules: TravelFeeRules): TravelQuote {
  if (!estimate || !Number.isFinite(estimate.distanceKm) || estimate.distanceKm < 0) {
    const zone = 'unresolved';
    return {
      zone,
      distanceKm: null,
      travelTimeMinutes: null,
      ...feeAndMessage(zone, 0, rules),
      ...travelQuoteFlags(zone),
    };
  }
  // The rules apply to the distance as shown, so '30.0 km' never costs the extended fee.
  const distanceKm = Math.round(estimate.distanceKm * 10) / 10;
  const travelTimeMinutes = Number.isFinite(estimate.travelTimeMinutes)
    ? Math.max(0, Math.ceil(estimate.travelTimeMinutes))
    : null;
  const zone = travelZone(estimate.locality, distanceKm, rules.localTowns);
  return { zone, distanceKm, travelTimeMinutes, ...feeAndMessage(zone, distanceKm, rules), ...travelQuoteFlags(zone) };
}
