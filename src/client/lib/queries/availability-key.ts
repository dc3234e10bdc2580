/**
 * The key prefix of the visitor's availability queries (the wizard's calendar and the day's
 * times). Shared because the admin changes what a visitor may book: her hours and blocked
 * dates invalidate this prefix, as does a booking that lost its slot.
 */
export const AVAILABILITY_KEY = ['/api/availability'] as const;

/**
 * The visitor's address the times were asked for (docs/product.md §10), only in keys that have one, so a
 * key without an address keeps its old shape. Every key starts with AVAILABILITY_KEY.
 */
function withAddress<T extends object>(
  params: T,
  address: string | null | undefined,
  changeToken?: string | null,
): T & { address?: string; changeToken?: string } {
  const withToken = changeToken ? { ...params, changeToken } : params;
  return address ? { ...withToken, address } : withToken;
}

/**
 * GET /api/availability/{date}?duration=&address= (or, with `changeToken`, the times a private link's visit
 * could move to: docs/product.md §4 "Changing a visit"). Under the same prefix, so what invalidates the wizard's times
 * invalidates these.
 */
export function availabilityDayKey(
  date: string,
  duration: number,
  address?: string | null,
  changeToken?: string | null,
) {
  return [...AVAILABILITY_KEY, withAddress({ date, duration }, address, changeToken)] as const;
}

/** GET /api/availability?from=&to=&duration=&address= (or a private link's, with `changeToken`) */
export function availabilityRangeKey(
  range: { from: string; to: string },
  duration: number,
  address?: string | null,
  changeToken?: string | null,
) {
  return [
    ...AVAILABILITY_KEY,
    withAddress({ from: range.from, to: range.to, duration }, address, changeToken),
  ] as const;
}
