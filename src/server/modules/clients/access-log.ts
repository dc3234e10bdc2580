/**
 * Who read or changed what of a client's sensitive record (docs/privacy.md): health forms
 * and notes read, an export, a correction, an erasure. One line per act, in words; never the content.
 */
import { sql } from 'drizzle-orm';
import type { AccessLogEntry } from '@shared/schemas/health';
import type { DbOrTx } from '../../db/client';

/** The acts logged; `detail` says which record ('Health form of 3 Dec 2026'). */
export const ACCESS_ACTIONS = [
  'health-form:read',
  'health-form:write',
  'notes:read',
  'notes:write',
  'export',
  'correct',
  'merge',
  'erase',
  // A booking she entered herself (docs/product.md §19), with the rule she overrode if any.
  'book',
] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

export interface AccessRecord {
  clientId: number;
  /** The admin's username, 'client' (their private link) or 'system' (retention). */
  actor: string;
  action: AccessAction;
  detail: string;
}

/** Writes one line; in the caller's transaction when given one, so the act and its record commit together. */
export async function recordAccess(db: DbOrTx, record: AccessRecord): Promise<void> {
  await db.execute(sql`INSERT INTO client_access_log (client_id, actor, action, detail)
    VALUES (${record.clientId}, ${record.actor.slice(0, 100)}, ${record.action}, ${record.detail.slice(0, 200)})`);
}

interface LogRow {
  id: number | string;
  at: Date | string;
  actor: string;
  action: string;
  detail: string;
}

/** A client's log, newest first (at most `limit` lines). */
export async function listAccess(db: DbOrTx, clientId: number, limit = 500): Promise<AccessLogEntry[]> {
  const result = await db.execute(sql`SELECT id, at, actor, action, detail FROM client_access_log
    WHERE client_id = ${clientId} ORDER BY at DESC, id DESC LIMIT ${limit}`);
  return (result as { rows: LogRow[] }).rows.map((r) => ({
    id: Number(r.id),
    at: new Date(r.at).toISOString(),
    actor: r.actor,
    action: r.action,
    detail: r.detail,
  }));
}
