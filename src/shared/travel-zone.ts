/** The wire booleans of a travel quote, kept because docs/product.md §3 names them, from its one zone. */
import type { TravelQuote, TravelZone } from './schemas/booking';

export type TravelQuoteFlags = Pick<
  TravelQuote,
  'isWithinServiceArea' | 'isOutsideServiceArea' | 'refused' | 'unresolved'
>;

const FLAGS: Record<TravelZone, TravelQuoteFlags> = {
  local: { isWithinServiceArea: true, isOutsideServiceArea: false, refused: false, unresolved: false },
  standard: { isWithinServiceArea: true, isOutsideServiceArea: false, refused: false, unresolved: false },
  extended: { isWithinServiceArea: true, isOutsideServiceArea: true, refused: false, unresolved: false },
  refused: { isWithinServiceArea: false, isOutsideServiceArea: true, refused: true, unresolved: false },
  // Not located: still bookable, so inside the area until the therapist checks it.
  unresolved: { isWithinServiceArea: true, isOutsideServiceArea: false, refused: false, unresolved: true },
};

export function travelQuoteFlags(zone: TravelZone): TravelQuoteFlags {
  return { ...FLAGS[zone] };
}
