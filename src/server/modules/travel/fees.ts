/**
 * The travel fee rules (docs/product.md §9), pure: free within her local towns,
 * the standard fee elsewhere up to 30 km, the extended-range fee from 30 to 50 km, and no
 * booking beyond 50 km (the specification's distances; she sets her own in Settings, docs/product.md §19).
 * An address that could not be located is still bookable and is flagged for the therapist to
 * check by hand.
 */
import { outsideServiceArea, TRAVEL_UNAVAILABLE } from '@shared/messages';
import { formatCents } from '@shared/money';
import type { TravelQuote, TravelZone } from '@shared/schemas/booking';
import { travelQuoteFlags } from '@shared/travel-zone';
import { samePlaceName } from './place-names';
import type { TravelEstimate } from './travel-provider';

export interface TravelFeeRules {
  localTowns: readonly string[];
  /** Outside the local towns, up to extendedFromKm. */
  feeCents: number;
  /** The extended range, over extendedFromKm and up to maxKm. */
  extendedFeeCents: number;
  /** No booking beyond this (50 km). */
  maxKm: number;
  /** The extended range starts after this (30 km). */
  extendedFromKm: number;
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
  rules: Pick<TravelFeeRules, 'localTowns' | 'maxKm' | 'extendedFromKm'>,
): Exclude<TravelZone, 'unresolved'> {
  // Beyond the service area even from a local town's name: the area is her limit (a town may reach past it).
  if (distanceKm > rules.maxKm) return 'refused';
  if (locality !== null && rules.localTowns.some((town) => samePlaceName(town, locality))) return 'local';
  if (distanceKm <= rules.extendedFromKm) return 'standard';
  return 'extended';
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
      return { travelCost: 0, message: outsideServiceArea(rules.maxKm) };
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
  const zone = travelZone(estimate.locality, distanceKm, rules);
  return { zone, distanceKm, travelTimeMinutes, ...feeAndMessage(zone, distanceKm, rules), ...travelQuoteFlags(zone) };
}
