/**
 * A booking's possible match (docs/decisions/034) as her screens name it, pure: the pending card, the
 * approve dialog and the appointment's details say 'Possible match: Aroha Client (same e-mail, different name and
 * phone)' and lead to the existing client's page; the pending card also leads to the request's own client page,
 * where she decides without approving; the clients list marks such a client 'Possible match of Aroha Client'.
 * Approving such a request, from the pending list or the appointment's details, asks her whether it is the same person.
 * Relative imports only: its unit test imports this file (vitest knows only the @shared alias).
 */
import { MATCH_DECISIONS, matchText, type ClientMatch, type MatchDecision } from '@shared/client-match';

export const POSSIBLE_MATCH = 'Possible match';

/** 'same e-mail, different name and phone', or '' when nothing was compared. */
export function matchComparison(match: Pick<ClientMatch, 'same' | 'different'>): string {
  return matchText(match);
}

/** 'Possible match: Aroha Client (same e-mail, different name and phone)'. */
export function possibleMatchText(match: ClientMatch): string {
  const comparison = matchComparison(match);
  return comparison ? `${POSSIBLE_MATCH}: ${match.name} (${comparison})` : `${POSSIBLE_MATCH}: ${match.name}`;
}

/** The existing client's page, /admin/clients/{id} (the Clients tab's own clientPath, which areas may not import). */
export const matchClientPath = (match: Pick<ClientMatch, 'clientId'>): string => `/admin/clients/${match.clientId}`;

/** The amber of every possible match on her screens (the line, the clients list's badge): light and dark. */
export const MATCH_TONE =
  'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-100';

/** The clients list's badge on a request's client: 'Possible match of Aroha Client'. */
export const possibleMatchOfText = (match: Pick<ClientMatch, 'name'>): string => `${POSSIBLE_MATCH} of ${match.name}`;

/** The pending card's way to the request's own client page, where the notice lets her decide without approving. */
export const REQUEST_CLIENT_LINK = "Open this request's client";

/**
 * The request's own client page, /admin/clients/{id}, while its possible match is open; null when there is none
 * to decide (no match, or a booking without a client).
 */
export function requestClientPath(booking: {
  clientId: number | null;
  clientMatch: ClientMatch | null;
}): string | null {
  if (!booking.clientMatch || booking.clientId === null) return null;
  return `/admin/clients/${booking.clientId}`;
}

/**
 * Approving a request whose client may be an existing one (docs/decisions/034) asks her first: the same
 * person (the request's client is merged into the existing one) or someone else (kept as a new client). Asked by the
 * pending list's approve dialog and by the appointment's Confirm alike.
 */
export const MATCH_QUESTION = 'Is this the same person?';

/** The answers, in the order they are offered. */
export const MATCH_CHOICES: readonly MatchDecision[] = MATCH_DECISIONS;

export function matchChoiceLabel(choice: MatchDecision, existingName: string): string {
  return choice === 'link'
    ? `Same person: add this visit to ${existingName}'s record`
    : 'Someone else: keep them as a new client';
}

/** What each answer does, under its label. */
export const MATCH_CHOICE_HINTS: Record<MatchDecision, string> = {
  link: 'Their details are kept as further contacts; the existing name, e-mail and phone stay as they are.',
  separate: 'The existing client is left unchanged.',
};
