/**
 * What step 3 does when the server refuses the booking request, decided by the answer's code
 * (src/shared/error-codes.ts), never by its words. Pure so it is unit-tested.
 */
import type { ErrorCode } from '@shared/error-codes';

export type SubmitErrorKind =
  /** The time was taken meanwhile (409 SLOT_TAKEN): choose another. */
  | 'slotTaken'
  /** The time is free, but she cannot drive to this address for it (409 ROUTE_DOES_NOT_FIT, docs/product.md §10). */
  | 'routeDoesNotFit'
  /** The address is beyond the service area (400 OUTSIDE_SERVICE_AREA). */
  | 'outsideServiceArea'
  /** Anything else: the fields the server names, and its message (or ours). */
  | 'other';

export function submitErrorKind(code: ErrorCode | null): SubmitErrorKind {
  switch (code) {
    case 'SLOT_TAKEN':
      return 'slotTaken';
    case 'ROUTE_DOES_NOT_FIT':
      return 'routeDoesNotFit';
    case 'OUTSIDE_SERVICE_AREA':
      return 'outsideServiceArea';
    default:
      return 'other';
  }
}

/** The requested time cannot be had after all: every availability answer is stale. */
export function refusesTime(code: ErrorCode | null): boolean {
  const kind = submitErrorKind(code);
  return kind === 'slotTaken' || kind === 'routeDoesNotFit';
}
