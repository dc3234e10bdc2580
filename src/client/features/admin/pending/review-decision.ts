/**
 * Approve or reject a pending request (docs/product.md §2 Pending Requests, §4 Admin actions,
 * §5 Admin note, §8 toasts): the dialog's words, the request body and what a failure says, pure.
 * Relative imports only: its unit test imports this file (vitest knows only the @shared alias).
 */
import type { MatchDecision } from '@shared/client-match';
import type { ErrorCode } from '@shared/error-codes';
import { reviewDecisionSchema } from '@shared/schemas/booking';
import type { z } from 'zod';

export type Decision = 'confirmed' | 'rejected';
export type ReviewDecisionBody = z.output<typeof reviewDecisionSchema>;

interface DecisionWords {
  /** The dialog's title. */
  title: string;
  noteLabel: string;
  notePlaceholder: string;
  submit: string;
  toastTitle: string;
  analyticsEvent: 'booking_approved' | 'booking_rejected';
}

export const DECISION_WORDS: Record<Decision, DecisionWords> = {
  confirmed: {
    title: 'Approve Booking',
    noteLabel: 'Additional instructions (optional)',
    notePlaceholder: 'For example: parking is on the street; please have a towel ready.',
    submit: 'Confirm Booking',
    toastTitle: 'Booking approved',
    analyticsEvent: 'booking_approved',
  },
  rejected: {
    title: 'Reject Booking',
    noteLabel: 'Reason for rejection (optional)',
    notePlaceholder: 'For example: I am fully booked that day; another time would suit.',
    submit: 'Reject Booking',
    toastTitle: 'Booking rejected',
    analyticsEvent: 'booking_rejected',
  },
};

export const PROCESSING = 'Processing...';
/** docs/product.md §8: the approve/reject failure, word for word. */
export const DECISION_FAILED = 'Failed to update booking status. Please try again.';

/** 'The booking has been {status}. An email has been sent to the client.' ({status}: confirmed or rejected). */
export function decisionSuccessText(status: Decision): string {
  return `The booking has been ${status}. An email has been sent to the client.`;
}

/**
 * The PATCH body: the note trimmed, and left out when empty (docs/product.md §5 Admin note);
 * `confirmClash` only once she has seen the clash with her calendar and approves anyway (docs/product.md §11);
 * `clientMatch`, her answer on a possible match (decision 034), only with an approval.
 */
export function decisionBody(
  status: Decision,
  note: string,
  confirmClash = false,
  confirmHealth = false,
  clientMatch: MatchDecision | null = null,
): ReviewDecisionBody {
  return reviewDecisionSchema.parse({
    status,
    adminNote: note,
    ...(confirmClash ? { confirmClash: true } : {}),
    ...(confirmHealth ? { confirmHealth: true } : {}),
    ...(status === 'confirmed' && clientMatch ? { clientMatch } : {}),
  });
}

/** The approval waits for her answer when the request has a possible match; a rejection asks nothing. */
export function matchAnswerMissing(decision: Decision, hasMatch: boolean, choice: MatchDecision | null): boolean {
  return decision === 'confirmed' && hasMatch && choice === null;
}

/** The box she ticks before approving a request whose client has health red flags (docs/product.md §13). */
export const HEALTH_READ_LABEL = 'I have read the health answers';

/** An approval that clashes with her calendar asks 'Approve anyway'; everything else keeps the spec's words. */
export function submitLabel(decision: Decision, clashing: boolean): string {
  return decision === 'confirmed' && clashing ? 'Approve anyway' : DECISION_WORDS[decision].submit;
}

export interface DecisionFailure {
  description: string;
  /**
   * The request can no longer be decided (expired, cancelled by the client, answered elsewhere,
   * gone): the list is stale, so the row is refreshed away and the dialog closes.
   */
  stale: boolean;
}

/** The server's codes for a request that can no longer be decided (src/shared/error-codes.ts). */
const NO_LONGER_DECIDABLE: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'REQUEST_EXPIRED',
  'STATUS_CHANGE_NOT_ALLOWED',
  'BOOKING_NOT_FOUND',
]);

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * What the 'Error' toast says. A decision that is no longer possible gets the server's own
 * reason (docs/product.md §2 "Admin dashboard": a clear message, never a silent failure) rather than "Please try
 * again", which would be wrong advice; any other failure gets the §8 sentence.
 */
export function decisionFailure(code: ErrorCode | null, serverMessage: string | undefined): DecisionFailure {
  // The request is still pending and still in the list: nothing to refresh (docs/product.md §10).
  if (code === 'APPROVAL_BREAKS_ROUTE' && serverMessage?.trim()) return { description: serverMessage, stale: false };
  const stale = code !== null && NO_LONGER_DECIDABLE.has(code);
  if (stale && serverMessage?.trim()) {
    return { description: `${sentence(serverMessage)} The list has been refreshed.`, stale };
  }
  return { description: DECISION_FAILED, stale };
}
