/**
 * When she can mark a visit and write or change its notes (docs/product.md §14). Pure.
 * - An outcome only on a confirmed booking whose start has passed.
 * - A note likewise, and not on a no-show (there was no treatment to write about).
 * - A note can be changed until NOTE_EDIT_HOURS after it was written; after that only amended.
 */
import { HOUR_MS } from '@shared/time';
import type { BookingStatus, VisitOutcome } from '@shared/constants';
import type { ErrorCode } from '@shared/error-codes';
import { NOTE_EDIT_HOURS } from '@shared/schemas/visit-notes';

export const VISIT_NOT_STARTED = 'You can mark a visit only after it has started';
export const VISIT_NOT_CONFIRMED = 'Only a confirmed visit can be marked';
export const NOTES_NOT_STARTED = 'You can write notes only after the visit has started';
export const NOTES_NOT_CONFIRMED = 'Only a confirmed visit has notes';
export const NOTES_NO_SHOW = 'The client did not come: there is no treatment to write about';
export const NOTES_ERASED = 'This client was erased: their visits keep no notes';
export const NOTE_LOCKED = 'Notes can be changed for 24 hours; add an amendment instead';

export interface Refusal {
  code: ErrorCode;
  message: string;
}

export interface VisitFacts {
  status: BookingStatus;
  startsAt: Date;
  outcome: VisitOutcome | null;
  /** Set when the client was erased (clients/erasure.ts). */
  erasedAt?: Date | null;
}

/** Why she cannot mark this visit now, or null when she can. */
export function outcomeRefusal(visit: VisitFacts, now: Date): Refusal | null {
  if (visit.status !== 'confirmed') return { code: 'VISIT_NOT_CONFIRMED', message: VISIT_NOT_CONFIRMED };
  if (visit.startsAt > now) return { code: 'VISIT_NOT_STARTED', message: VISIT_NOT_STARTED };
  return null;
}

/** Why she cannot write this visit's note now, or null when she can. */
export function noteRefusal(visit: VisitFacts, now: Date): Refusal | null {
  if (visit.erasedAt) return { code: 'BOOKING_ERASED', message: NOTES_ERASED };
  if (visit.status !== 'confirmed') return { code: 'VISIT_NOT_CONFIRMED', message: NOTES_NOT_CONFIRMED };
  if (visit.startsAt > now) return { code: 'VISIT_NOT_STARTED', message: NOTES_NOT_STARTED };
  if (visit.outcome === 'no-show') return { code: 'VISIT_NO_SHOW', message: NOTES_NO_SHOW };
  return null;
}

/** The last instant a note written at `createdAt` can be changed. */
export const editableUntil = (createdAt: Date): Date => new Date(createdAt.getTime() + NOTE_EDIT_HOURS * HOUR_MS);

export const canEditNote = (createdAt: Date, now: Date): boolean => now <= editableUntil(createdAt);
