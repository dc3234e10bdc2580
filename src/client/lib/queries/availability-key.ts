/**
 * The key prefix of the visitor's availability queries (the wizard's calendar and the day's
 * times). Shared because the admin changes what a visitor may book: her hours and blocked
 * dates invalidate this prefix, as does a booking that lost its slot.
 */
export const AVAILABILITY_KEY = ['/api/availability'] as const;

/**
 * The visitor's address the times were asked for (issue 13), only in keys that have one, so a
 * key without an address keeps its old shape. Every key starts with AVAILABILITY_KEY.
 */
function withAddress<T extends object>(params: T, address: string | null | undefined): T & { address?: string } {
  return address ? { ...params, address } : params;
}

/** GET /api/availability/{date}?duration=&address= */
export function availabilityDayKey(date: string, duration: number, address?: string | null) {
  return [...AVAILABILITY_KEY, withAddress({ date, duration }, address)] as const;
}

/** GET /api/availability?from=&to=&duration=&address= */
export function availabilityRangeKey(range: { from: string; to: string }, duration: number, address?: string | null) {
  return [...AVAILABILITY_KEY, withAddress({ from: range.from, to: range.to, duration }, address)] as const;
}
