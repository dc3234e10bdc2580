/** The addresses of the two availability endpoints; their queries share AVAILABILITY_KEY (lib/queries). */
import type { DateRange } from '../dates';

/** The visitor's address, when given (issue 13: the times then fit the therapist's route). */
function addressParam(address: string | null | undefined): string {
  return address ? `&address=${encodeURIComponent(address)}` : '';
}

/** GET /api/availability?from=&to=&duration=&address= */
export function availabilityRangeUrl(range: DateRange, duration: number, address?: string | null): string {
  return `/api/availability?from=${range.from}&to=${range.to}&duration=${duration}${addressParam(address)}`;
}

/** GET /api/availability/{date}?duration=&address= */
export function availabilityDateUrl(date: string, duration: number, address?: string | null): string {
  return `/api/availability/${date}?duration=${duration}${addressParam(address)}`;
}
