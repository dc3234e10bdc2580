/**
 * The travel fee rules (SPEC §9, issue 4), pure: free within the two local towns, the
 * standard fee elsewhere up to 30 km, the extended-range fee from 30 to 50 km, and no
 * booking beyond 50 km. An address that could not be located is still bookable and is
 * flagged for the therapist to check by hand.
 */
import { MAX_SERVICE_DISTANCE_KM, STANDARD_SERVICE_AREA_KM } from '@shared/constants';
import { OUTSIDE_SERVICE_AREA, TRAVEL_UNAVAILABLE } from '@shared/messages';
import { formatCents } from '@shared/money';
import type { TravelQuote } from '@shared/schemas/booking';
import { samePlaceName, type TravelEstimate } from './providers';

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

export function quoteTravel(estimate: TravelEstimate | null, rules: TravelFeeRules): TravelQuote {
  if (!estimate || !Number.isFinite(estimate.distanceKm) || estimate.distanceKm < 0) {
    return {
      distanceKm: null,
      travelTimeMinutes: null,
      travelCost: 0,
      isWithinServiceArea: true,
      isOutsideServiceArea: false,
      refused: false,
      unresolved: true,
      message: TRAVEL_UNAVAILABLE,
    };
  }
  // The rules apply to the distance as shown, so '30.0 km' never costs the extended fee.
  const distanceKm = Math.round(estimate.distanceKm * 10) / 10;
  const travelTimeMinutes = Number.isFinite(estimate.travelTimeMinutes) ? Math.max(0, Math.ceil(estimate.travelTimeMinutes)) : null;
  const base = { distanceKm, travelTimeMinutes, unresolved: false } as const;

  const locality = estimate.locality;
  if (locality !== null && rules.localTowns.some((town) => samePlaceName(town, locality))) {
    return {
      ...base,
      travelCost: 0,
      isWithinServiceArea: true,
      isOutsideServiceArea: false,
      refused: false,
      message: `Free travel within ${localTownsPhrase(rules.localTowns)}`,
    };
  }
  if (distanceKm <= STANDARD_SERVICE_AREA_KM) {
    return {
      ...base,
      travelCost: rules.feeCents,
      isWithinServiceArea: true,
      isOutsideServiceArea: false,
      refused: false,
      message: rules.feeCents > 0 ? `Travel fee: ${formatCents(rules.feeCents)} (${km(distanceKm)})` : `No travel fee (${km(distanceKm)})`,
    };
  }
  if (distanceKm <= MAX_SERVICE_DISTANCE_KM) {
    return {
      ...base,
      travelCost: rules.extendedFeeCents,
      isWithinServiceArea: true,
      isOutsideServiceArea: true,
      refused: false,
      message:
        rules.extendedFeeCents > 0
          ? `Extended range: ${formatCents(rules.extendedFeeCents)} travel fee (${km(distanceKm)})`
          : `Extended range: no travel fee (${km(distanceKm)})`,
    };
  }
  return {
    ...base,
    travelCost: 0,
    isWithinServiceArea: false,
    isOutsideServiceArea: true,
    refused: true,
    message: OUTSIDE_SERVICE_AREA,
  };
}
