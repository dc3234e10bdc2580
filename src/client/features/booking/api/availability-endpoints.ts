/** The addresses of the two availability endpoints; their queries share AVAILABILITY_KEY (lib/queries). */
import type { DateRange } from '../dates';

/** GET /api/availability?from=&to=&duration= */
export function availabilityRangeUrl(range: DateRange, duration: number): string {
  return `/api/availability?from=${range.from}&to=${range.to}&duration=${duration}`;
}

/** GET /api/availability/{date}?duration= */
export function availabilityDateUrl(date: string, duration: number): string {
  return `/api/availability/${date}?duration=${duration}`;
}
