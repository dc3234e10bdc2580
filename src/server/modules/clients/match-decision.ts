/** Her decision on a possible match (docs/decisions/034, docs/product.md §12). */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { MatchDecision } from '@shared/client-match';
import type { DbOrTx } from '../../db/client';
import { clients } from '../../db/schema';
import { apiError, notFound } from '../../http/errors';
import type { SecretBox } from '../../secret-box';
import { recordAccess } from './access-log';
import { possibleMatchOfClient } from './match-view';
import { CLIENT_NOT_FOUND, createClientsRepository } from './repository';

export const NO_POSSIBLE_MATCH = 'This client has no possible match to decide on';

/**
 * Her decision on a client's possible match, in the caller's transaction. 'link': the same person, so this
 * client is merged into the existing one, whose name, e-mail and phone stay as she has them (this client's
 * other e-mail or phone become further contacts); answers the existing client's id. 'separate': another
 * person, the match is cleared; answers this client's id.
 */
export async function decideMatch(
  tx: DbOrTx,
  box: SecretBox,
  clientId: number,
  decision: MatchDecision,
  actor: string,
  now: Date,
): Promise<number> {
  const [row] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, clientId), isNull(clients.erasedAt)));
  if (!row) throw notFound('CLIENT_NOT_FOUND', CLIENT_NOT_FOUND);
  // A match erased meanwhile is no match (erasure clears it too): nothing to decide.
  const matchOf = await possibleMatchOfClient(tx, clientId);
  if (matchOf === null) throw apiError('CLIENT_NO_POSSIBLE_MATCH', NO_POSSIBLE_MATCH);
  if (decision === 'separate') {
    await tx
      .update(clients)
      .set({ possibleMatchOf: null, matchBasis: null, updatedAt: sql`greatest(${clients.updatedAt}, ${now})` })
      .where(eq(clients.id, clientId));
    return clientId;
  }
  const keep = { name: 'this', email: 'this', phone: 'this' } as const;
  await createClientsRepository(tx, box).merge(tx, matchOf, { otherId: clientId, keep }, now);
  await recordAccess(tx, {
    clientId: matchOf,
    actor,
    action: 'merge',
    detail: `Linked the request of client #${clientId} to this client (the same person)`,
  });
  return matchOf;
}
