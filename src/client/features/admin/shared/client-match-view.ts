/**
 * A booking's possible match (docs/decisions/034, issue 39) as her screens name it, pure: the pending card, the
 * approve dialog and the appointment's details say 'Possible match: Aroha Client (same e-mail, different name and
 * phone)' and lead to the existing client's page.
 * Relative imports only: its unit test imports this file (vitest knows only the @shared alias).
 */
import { matchText, type ClientMatch } from '@shared/client-match';

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
