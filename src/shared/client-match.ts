/**
 * A possible match (docs/decisions/034, docs/product.md §12): a public booking whose e-mail, or phone under the
 * same first name, leads to an existing client has a client of its own that names the existing one until she
 * decides. What she is shown is how the two compare: 'same e-mail, different name and phone'.
 */
import { z } from 'zod';

/** What is compared, in the order they are named. */
export const MATCH_FIELDS = ['e-mail', 'name', 'phone'] as const;
export type MatchField = (typeof MATCH_FIELDS)[number];

/** Her answer: the same person (the request's client is merged into the existing one), or not. */
export const MATCH_DECISIONS = ['link', 'separate'] as const;
export type MatchDecision = (typeof MATCH_DECISIONS)[number];

export const clientMatchSchema = z
  .object({
    /** The existing client the request's details led to. */
    clientId: z.number().int(),
    name: z.string(),
    same: z.array(z.enum(MATCH_FIELDS)),
    different: z.array(z.enum(MATCH_FIELDS)),
  })
  .meta({ id: 'ClientMatch' });
export type ClientMatch = z.infer<typeof clientMatchSchema>;

/** POST /api/admin/clients/{id}/match: her decision on a client's possible match. */
export const clientMatchDecisionSchema = z.object({
  decision: z.enum(MATCH_DECISIONS, { error: 'Choose whether this is the same person' }),
});

const joined = (fields: readonly MatchField[]): string =>
  fields.length <= 1 ? (fields[0] ?? '') : `${fields.slice(0, -1).join(', ')} and ${fields.at(-1)}`;

/** 'same e-mail, different name and phone'; 'same e-mail, name and phone'. */
export function matchText(match: Pick<ClientMatch, 'same' | 'different'>): string {
  const parts: string[] = [];
  if (match.same.length > 0) parts.push(`same ${joined(match.same)}`);
  if (match.different.length > 0) parts.push(`different ${joined(match.different)}`);
  return parts.join(', ');
}
