/**
 * The admin's view of the outbox (docs/decisions/008-email-outbox.md): the list, newest first,
 * paged by id, with counts per display state, and the resend. The list never reads the bodies or
 * attachments, so a page stays light however large the messages are.
 */
import { and, desc, eq, lt, lte, sql, type SQL } from 'drizzle-orm';
import {
  outboxState,
  type OutboxCounts,
  type OutboxFilter,
  type OutboxItem,
  type OutboxQuery,
} from '@shared/schemas/outbox';
import type { DbOrTx } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { isHeld } from './outbox';

const t = emailOutbox;

/** Pending after a failed attempt; the same rule as outboxState() in src/shared/schemas/outbox.ts. */
const retrying = sql`(${t.status} = 'pending' and ${t.attempts} > 0 and ${t.lastError} is not null)`;
/** Pending, held for her decision (issue 40). */
const held = and(eq(t.status, 'pending'), isHeld)!;
const waiting = sql`(${t.status} = 'pending' and not ${retrying} and not ${held})`;
/** What needs her attention, and what Resend may act on. */
const problems = sql`(${t.status} = 'failed' or ${retrying})`;

/** The rows a filter shows. */
export function filterCondition(filter: OutboxFilter): SQL | undefined {
  switch (filter) {
    case 'all':
      return undefined;
    case 'problems':
      return problems;
    case 'sent':
      return eq(t.status, 'sent');
    case 'waiting':
      return waiting;
    case 'held':
      return held;
  }
}

/** The list's columns: everything but the bodies and attachments. */
const listColumns = {
  id: t.id,
  kind: t.kind,
  bookingId: t.bookingId,
  toAddress: t.toAddress,
  subject: t.subject,
  status: t.status,
  attempts: t.attempts,
  lastError: t.lastError,
  createdAt: t.createdAt,
  sentAt: t.sentAt,
  nextAttemptAt: t.nextAttemptAt,
  held: sql<boolean>`(${held})`,
};

type ListRow = Pick<
  typeof emailOutbox.$inferSelect,
  | 'id'
  | 'kind'
  | 'bookingId'
  | 'toAddress'
  | 'subject'
  | 'status'
  | 'attempts'
  | 'lastError'
  | 'createdAt'
  | 'sentAt'
  | 'nextAttemptAt'
> & { held: boolean };

export function toOutboxItem(row: ListRow): OutboxItem {
  return {
    id: row.id,
    kind: row.kind,
    bookingId: row.bookingId,
    to: row.toAddress,
    subject: row.subject,
    status: row.status,
    state: outboxState(row),
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  };
}

/** Send or Discard of held e-mails: how many, or why none for one asked by id. */
export type HeldResult = { outcome: 'done'; count: number } | { outcome: 'not-found' | 'not-held' };

export type ResendResult =
  | { outcome: 'queued' | 'already-queued'; item: OutboxItem }
  | { outcome: 'sent'; item: OutboxItem }
  | { outcome: 'not-found' };

/** One e-mail by id, or every held one up to `upToId` (all when absent). */
function heldTarget(target: { id: number } | { upToId?: number }): SQL | undefined {
  if ('id' in target) return eq(t.id, target.id);
  return target.upToId === undefined ? undefined : lte(t.id, target.upToId);
}

export function createOutboxAdmin(db: DbOrTx) {
  async function find(id: number): Promise<OutboxItem | null> {
    const [row] = await db.select(listColumns).from(t).where(eq(t.id, id));
    return row ? toOutboxItem(row) : null;
  }

  /** For one asked by id and not acted on: unknown, or not held (sent, or already decided). */
  async function afterHeld(target: { id: number } | { upToId?: number }, count: number): Promise<HeldResult> {
    if (count > 0 || !('id' in target)) return { outcome: 'done', count };
    return (await find(target.id)) ? { outcome: 'not-held' } : { outcome: 'not-found' };
  }

  return {
    find,

    /** One page, newest first: `limit` rows with an id below `beforeId`, and the next cursor. */
    async list({
      filter,
      beforeId,
      limit,
    }: OutboxQuery): Promise<{ items: OutboxItem[]; nextBeforeId: number | null }> {
      const rows = await db
        .select(listColumns)
        .from(t)
        .where(and(filterCondition(filter), beforeId === undefined ? undefined : lt(t.id, beforeId)))
        .orderBy(desc(t.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      return { items: page.map(toOutboxItem), nextBeforeId: rows.length > limit ? page[page.length - 1]!.id : null };
    },

    /** How many rows each filter holds, in one pass. */
    async counts(): Promise<OutboxCounts> {
      const [row] = await db
        .select({
          all: sql<number>`count(*)::int`,
          problems: sql<number>`(count(*) filter (where ${problems}))::int`,
          sent: sql<number>`(count(*) filter (where ${filterCondition('sent')}))::int`,
          waiting: sql<number>`(count(*) filter (where ${waiting}))::int`,
          held: sql<number>`(count(*) filter (where ${held}))::int`,
        })
        .from(t);
      return {
        all: Number(row?.all ?? 0),
        problems: Number(row?.problems ?? 0),
        sent: Number(row?.sent ?? 0),
        waiting: Number(row?.waiting ?? 0),
        held: Number(row?.held ?? 0),
      };
    },

    /**
     * She chose Send (issue 40): the held e-mail (one, or all up to `upToId`) is released and due now; the worker sends
     * it at its next poll (once SMTP is set up). One UPDATE whose WHERE is the guard, so a second click finds nothing.
     */
    async sendHeld(target: { id: number } | { upToId?: number }): Promise<HeldResult> {
      const rows = await db
        .update(t)
        .set({ releasedAt: sql`now()`, nextAttemptAt: sql`now()` })
        .where(and(held, heldTarget(target)))
        .returning({ id: t.id });
      return afterHeld(target, rows.length);
    },

    /**
     * She chose Discard (issue 40): the held e-mail (one, or all up to `upToId`) leaves the outbox and is never sent.
     * Its .eml copy under DATA_DIR/mail stays, so nothing is lost.
     */
    async discardHeld(target: { id: number } | { upToId?: number }): Promise<HeldResult> {
      const rows = await db
        .delete(t)
        .where(and(held, heldTarget(target)))
        .returning({ id: t.id });
      return afterHeld(target, rows.length);
    },

    /**
     * Sends a row again soon (the worker's next poll), under its same Message-ID. One UPDATE whose
     * WHERE is the guard, so two clicks or two processes cannot queue it twice:
     * - 'failed': back to pending with attempts 0 (a full set of retries again);
     * - 'pending' after a failure ('retrying'): try again now instead of after the backoff.
     * Both clear last_error, so a second resend finds nothing to do until the worker records a
     * new failure; it answers 'already-queued' and changes nothing. next_attempt_at is the
     * database's now(), the clock the worker's claim compares with.
     */
    async resend(id: number): Promise<ResendResult> {
      const [row] = await db
        .update(t)
        .set({
          status: 'pending',
          attempts: sql`case when ${t.status} = 'failed' then 0 else ${t.attempts} end`,
          lastError: null,
          nextAttemptAt: sql`now()`,
        })
        .where(and(eq(t.id, id), problems))
        .returning(listColumns);
      if (row) return { outcome: 'queued', item: toOutboxItem(row) };
      const item = await find(id);
      if (!item) return { outcome: 'not-found' };
      return { outcome: item.status === 'sent' ? 'sent' : 'already-queued', item };
    },
  };
}
