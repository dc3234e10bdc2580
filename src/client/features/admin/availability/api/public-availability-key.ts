/**
 * The key prefix of the visitor's availability queries (the wizard's calendar and day times).
 * Hours and blocks change what a visitor may book, so those mutations invalidate this prefix.
 */
export const PUBLIC_AVAILABILITY_KEY = ['/api/availability'] as const;
