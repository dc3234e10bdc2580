/**
 * The admin's view of the outbox (docs/decisions/008-email-outbox.md): the list, newest first,
 * paged by id, with counts per display state, and the resend. The list never reads the bodies or
 * attachments, so a page stays light however large the messages are.
 */
import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import {
  outboxState,
  type OutboxCounts,
  type OutboxFilter,
  type OutboxItem,
  type OutboxQuery,
} from '@shared/schemas/outbox';
import type { DbOrTx } from '../../db/client';
import { emailOutbox } from '../../db/schema';

const t = emailOutbox;

/** Pending after a failed attempt; the same rule as outboxState() in src/shared/schemas/outbox.ts. */
const retrying = sql`(${t.status} = 'pending' and ${t.attempts} > 0 and ${t.lastError} is not null)`;
const waiting = sql`(${t.status} = 'pending' and not ${retrying})`;
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
>;

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

export type ResendResult =
  | { outcome: 'queued' | 'already-queued'; item: OutboxItem }
  | { outcome: 'sent'; item: OutboxItem }
  | { outcome: 'not-found' };

export function createOutboxAdmin(db: DbOrTx) {
  async function find(id: number): Promise<OutboxItem | null> {
    const [row] = await db.select(listColumns).from(t).where(eq(t.id, id));
    return row ? toOutboxItem(row) : null;
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
        })
        .from(t);
      return {
        all: Number(row?.all ?? 0),
        problems: Number(row?.problems ?? 0),
        sent: Number(row?.sent ?? 0),
        waiting: Number(row?.waiting ?? 0),
      };
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
