/**
 * What her practice tells clients about their personal information. docs/privacy.md explains it in full;
 * PRIVACY_STATEMENT is the short version the site footer and the health form show word for word,
 * and the docs quote it from here.
 */

/**
 * How long a client's records are kept after their last visit (docs/privacy.md). Health forms and
 * her notes: 10 years, the period New Zealand's rules for health records set. Everything else
 * personal: 7 years, the period business records are kept for tax. After that only an anonymised
 * record stays: the date, service, price, travel fee and payment.
 */
export const HEALTH_RETENTION_YEARS = 10;
export const CLIENT_RETENTION_YEARS = 7;

/** Who keeps the records, when the practice's name is not known (the docs quote the statement with it). */
export const PRIVACY_KEEPER = 'The practice';

/**
 * The short privacy statement, built from the periods above so the words and the rule agree. `practice`: her practice's
 * name, which is who keeps the records (the visitor deals with her practice, never with the software).
 */
export function privacyStatement(
  years: { health: number; client: number } = { health: HEALTH_RETENTION_YEARS, client: CLIENT_RETENTION_YEARS },
  practice: string = PRIVACY_KEEPER,
): string {
  return [
    `${practice.trim() || PRIVACY_KEEPER} keeps your name, contact details and bookings, and the health form you fill in before your first`,
    'visit, so that the therapist can give you a safe massage.',
    'Only the therapist can see them: your health answers and her notes are stored encrypted and are never sent',
    'by e-mail or shown in a calendar.',
    `Health forms and notes are kept for ${years.health} years after your last visit and everything else for`,
    `${years.client} years; after that only what the tax rules need is kept, without your name.`,
    'Under the Privacy Act 2020 you can ask her at any time to see everything held about you, to correct it or',
    'to delete it.',
  ].join(' ');
}

export const PRIVACY_STATEMENT = privacyStatement();
