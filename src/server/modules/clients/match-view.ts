/**
 * Possible matches (docs/decisions/034, docs/product.md §12): how a request's client compares with the existing
 * client its e-mail or phone led to, for her screens only (never a public answer).
 */
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { normaliseEmail, normalisePhone } from '@shared/contact';
import type { ClientMatch, MatchField } from '@shared/client-match';
import type { DbOrTx } from '../../db/client';
import { clientContacts, clients } from '../../db/schema';

const candidates = alias(clients, 'candidates');

/** The existing client this one may be (never an erased one), or null. */
export async function possibleMatchOfClient(db: DbOrTx, clientId: number): Promise<number | null> {
  const [row] = await db
    .select({ matchOf: candidates.id })
    .from(clients)
    .innerJoin(candidates, eq(candidates.id, clients.possibleMatchOf))
    .where(and(eq(clients.id, clientId), isNull(candidates.erasedAt)));
  return row?.matchOf ?? null;
}

/** What one side says of the person. */
export interface MatchFacts {
  clientId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

const sameName = (a: { firstName: string; lastName: string }, b: { firstName: string; lastName: string }) =>
  `${a.firstName} ${a.lastName}`.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-NZ') ===
  `${b.firstName} ${b.lastName}`.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-NZ');

/**
 * For each of these (a booking's details, or a client's), the existing client its client may be and how they
 * compare: the e-mail and phone against every contact of the existing client, the name against its name. One
 * query each, however many.
 */
export async function possibleMatchesOf(db: DbOrTx, rows: readonly MatchFacts[]): Promise<Map<number, ClientMatch>> {
  const found = new Map<number, ClientMatch>();
  const ids = [...new Set(rows.map((r) => r.clientId).filter((id): id is number => id !== null))];
  if (ids.length === 0) return found;
  const links = await db
    .select({ id: clients.id, matchOf: clients.possibleMatchOf })
    .from(clients)
    .where(and(inArray(clients.id, ids), isNotNull(clients.possibleMatchOf)));
  if (links.length === 0) return found;
  const candidateIds = [...new Set(links.map((l) => l.matchOf!))];
  const candidates = await db
    .select({ id: clients.id, firstName: clients.firstName, lastName: clients.lastName })
    .from(clients)
    .where(and(inArray(clients.id, candidateIds), isNull(clients.erasedAt)));
  const contacts = await db
    .select({ clientId: clientContacts.clientId, kind: clientContacts.kind, value: clientContacts.value })
    .from(clientContacts)
    .where(inArray(clientContacts.clientId, candidateIds));
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const matchOf = new Map(links.map((l) => [l.id, l.matchOf!]));
  for (const row of rows) {
    const candidate = row.clientId === null ? undefined : byId.get(matchOf.get(row.clientId) ?? -1);
    if (!candidate || found.has(row.clientId!)) continue;
    const has = (kind: 'email' | 'phone', value: string | null) =>
      value !== null && contacts.some((c) => c.clientId === candidate.id && c.kind === kind && c.value === value);
    const checks: [MatchField, boolean][] = [
      ['e-mail', has('email', normaliseEmail(row.email))],
      ['name', sameName(row, candidate)],
      ['phone', has('phone', normalisePhone(row.phone))],
    ];
    found.set(row.clientId!, {
      clientId: candidate.id,
      name: `${candidate.firstName} ${candidate.lastName}`.trim(),
      same: checks.filter(([, same]) => same).map(([field]) => field),
      different: checks.filter(([, same]) => !same).map(([field]) => field),
    });
  }
  return found;
}
