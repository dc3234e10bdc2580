/** The addresses of the availability endpoints; their queries share AVAILABILITY_KEY (lib/queries). */
import type { DateRange } from '../dates';

/** The visitor's address, when given (docs/product.md §10: the times then fit the therapist's route). */
function addressParam(address: string | null | undefined): string {
  return address ? `&address=${encodeURIComponent(address)}` : '';
}

/**
 * 'Change time' (docs/product.md §4 "Changing a visit"): a booking's private link asks for the times its own visit
 * could move to (its duration and address are the server's to know), instead of the wizard's.
 */
const changeBase = (changeToken: string) => `/api/bookings/token/${encodeURIComponent(changeToken)}/availability`;

/** GET /api/availability?from=&to=&duration=&address=, or the link's GET /api/bookings/token/{token}/availability */
export function availabilityRangeUrl(
  range: DateRange,
  duration: number,
  address?: string | null,
  changeToken?: string | null,
): string {
  if (changeToken) return `${changeBase(changeToken)}?from=${range.from}&to=${range.to}`;
  return `/api/availability?from=${range.from}&to=${range.to}&duration=${duration}${addressParam(address)}`;
}

/** GET /api/availability/{date}?duration=&address=, or the link's /api/bookings/token/{token}/availability/{date} */
export function availabilityDateUrl(
  date: string,
  duration: number,
  address?: string | null,
  changeToken?: string | null,
): string {
  if (changeToken) return `${changeBase(changeToken)}/${date}`;
  return `/api/availability/${date}?duration=${duration}${addressParam(address)}`;
}
