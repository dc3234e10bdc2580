/** The addresses of the two availability endpoints, and the key prefix their queries share. */
import type { DateRange } from '../dates';

/** Invalidating this prefix refetches the calendar's ranges and the day's times at once. */
export const AVAILABILITY_KEY = ['/api/availability'] as const;

/** GET /api/availability?from=&to=&duration= */
export function availabilityRangeUrl(range: DateRange, duration: number): string {
  return `/api/availability?from=${range.from}&to=${range.to}&duration=${duration}`;
}

/** GET /api/availability/{date}?duration= */
export function availabilityDateUrl(date: string, duration: number): string {
  return `/api/availability/${date}?duration=${duration}`;
}
