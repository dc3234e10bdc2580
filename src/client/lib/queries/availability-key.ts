/**
 * The key prefix of the visitor's availability queries (the wizard's calendar and the day's
 * times). Shared because the admin changes what a visitor may book: her hours and blocked
 * dates invalidate this prefix, as does a booking that lost its slot.
 */
export const AVAILABILITY_KEY = ['/api/availability'] as const;
