/**
 * The admin's view of the outbox (docs/decisions/008-email-outbox.md): the list, newest first,
 * paged by id, with counts per display state, and the resend. The list never reads the bodies or
 * attachments, so a page stays light however large the messages are. Texts (issue 41, decision 038) are listed with
 * the e-mails: their table takes its ids from the e-mails' sequence, so one id orders and pages both.
 */
import { and, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import {
  outboxState,
  type OutboxCounts,
  type OutboxFilter,
  type OutboxItem,
  type OutboxQuery,
} from '@shared/schemas/outbox';
import type { DbOrTx } from '../../db/client';
import { emailOutbox, smsOutbox, smsSettings } from '../../db/schema';
import { isHeld } from './outbox';

const t = emailOutbox;
const s = smsOutbox;

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

/** A text's display states, as the e-mails' (a text is never held; 'cancelled' shows under All only). */
const smsRetrying = sql`(${s.status} = 'pending' and ${s.attempts} > 0 and ${s.lastError} is not null)`;
const smsWaiting = sql`(${s.status} = 'pending' and not ${smsRetrying})`;
const smsProblems = sql`(${s.status} = 'failed' or ${smsRetrying})`;

function smsFilterCondition(filter: OutboxFilter): SQL | undefined {
  switch (filter) {
    case 'all':
      return undefined;
    case 'problems':
      return smsProblems;
    case 'sent':
      return eq(s.status, 'sent');
    case 'waiting':
      return smsWaiting;
    case 'held':
      return sql`false`;
  }
}

const smsColumns = {
  id: s.id,
  kind: s.kind,
  bookingId: s.bookingId,
  toNumber: s.toNumber,
  body: s.body,
  status: s.status,
  attempts: s.attempts,
  lastError: s.lastError,
  createdAt: s.createdAt,
  sentAt: s.sentAt,
  nextAttemptAt: s.nextAttemptAt,
  deliveryStatus: s.deliveryStatus,
};

type SmsListRow = Pick<
  typeof smsOutbox.$inferSelect,
  | 'id'
  | 'kind'
  | 'bookingId'
  | 'toNumber'
  | 'body'
  | 'status'
  | 'attempts'
  | 'lastError'
  | 'createdAt'
  | 'sentAt'
  | 'nextAttemptAt'
  | 'deliveryStatus'
>;

export function toTextItem(row: SmsListRow): OutboxItem {
  return {
    id: row.id,
    channel: 'sms',
    kind: row.kind,
    bookingId: row.bookingId,
    to: row.toNumber,
    subject: row.body,
    status: row.status,
    state: outboxState(row),
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    deliveryStatus: row.deliveryStatus,
  };
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
    channel: 'email',
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
    deliveryStatus: null,
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
  /**
   * A text's resend (issue 41), the e-mail's rule: a failed one back to pending with its attempts at 0, a retrying one
   * due now. The send-time checks (STOP, the visit still as the text says) apply again. Answers the row as it is.
   */
  async function resendText(id: number): Promise<{ item: OutboxItem; queued: boolean } | null> {
    const [row] = await db
      .update(s)
      .set({
        status: 'pending',
        attempts: sql`case when ${s.status} = 'failed' then 0 else ${s.attempts} end`,
        lastError: null,
        nextAttemptAt: sql`now()`,
      })
      .where(and(eq(s.id, id), smsProblems))
      .returning(smsColumns);
    if (row) return { item: toTextItem(row), queued: true };
    const item = await findText(id);
    return item ? { item, queued: false } : null;
  }

  async function find(id: number): Promise<OutboxItem | null> {
    const [row] = await db.select(listColumns).from(t).where(eq(t.id, id));
    return row ? toOutboxItem(row) : null;
  }

  async function findText(id: number): Promise<OutboxItem | null> {
    const [row] = await db.select(smsColumns).from(s).where(eq(s.id, id));
    return row ? toTextItem(row) : null;
  }

  /** For one asked by id and not acted on: unknown, or not held (sent, or already decided). */
  async function afterHeld(target: { id: number } | { upToId?: number }, count: number): Promise<HeldResult> {
    if (count > 0 || !('id' in target)) return { outcome: 'done', count };
    return (await find(target.id)) ? { outcome: 'not-held' } : { outcome: 'not-found' };
  }

  return {
    find,

    /**
     * One page, newest first: `limit` rows with an id below `beforeId`, and the next cursor. E-mails and texts are
     * read with the same bounds and merged by id (unique across both).
     */
    async list({
      filter,
      beforeId,
      limit,
    }: OutboxQuery): Promise<{ items: OutboxItem[]; nextBeforeId: number | null }> {
      const [emails, texts] = await Promise.all([
        db
          .select(listColumns)
          .from(t)
          .where(and(filterCondition(filter), beforeId === undefined ? undefined : lt(t.id, beforeId)))
          .orderBy(desc(t.id))
          .limit(limit + 1),
        db
          .select(smsColumns)
          .from(s)
          .where(and(smsFilterCondition(filter), beforeId === undefined ? undefined : lt(s.id, beforeId)))
          .orderBy(desc(s.id))
          .limit(limit + 1),
      ]);
      const rows = [...emails.map(toOutboxItem), ...texts.map(toTextItem)].sort((a, b) => b.id - a.id);
      const page = rows.slice(0, limit);
      return { items: page, nextBeforeId: rows.length > limit ? page[page.length - 1]!.id : null };
    },

    /**
     * Texts (issue 41) as the Outbox's banner tells them: set up or not (without opening the token), her monthly limit
     * and this New Zealand month's count, read from the texts' own tables.
     */
    async smsSummary(
      env: { accountSid: string | null; authToken: string | null; from: string | null },
      monthStart: Date,
    ): Promise<{ configured: boolean; monthlyCap: number | null; sentThisMonth: number; capReached: boolean }> {
      const [settings] = await db.select().from(smsSettings).where(eq(smsSettings.id, 1));
      const [sent] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(s)
        .where(and(eq(s.status, 'sent'), gte(s.sentAt, monthStart)));
      const configured = Boolean(
        (settings?.accountSid ?? env.accountSid) &&
        (settings?.authTokenEncrypted ?? env.authToken) &&
        (settings?.sender ?? env.from),
      );
      const monthlyCap = settings?.monthlyCap ?? null;
      const sentThisMonth = Number(sent?.n ?? 0);
      return { configured, monthlyCap, sentThisMonth, capReached: monthlyCap !== null && sentThisMonth >= monthlyCap };
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
      const [texts] = await db
        .select({
          all: sql<number>`count(*)::int`,
          problems: sql<number>`(count(*) filter (where ${smsProblems}))::int`,
          sent: sql<number>`(count(*) filter (where ${s.status} = 'sent'))::int`,
          waiting: sql<number>`(count(*) filter (where ${smsWaiting}))::int`,
        })
        .from(s);
      const n = (v: number | undefined) => Number(v ?? 0);
      return {
        all: n(row?.all) + n(texts?.all),
        problems: n(row?.problems) + n(texts?.problems),
        sent: n(row?.sent) + n(texts?.sent),
        waiting: n(row?.waiting) + n(texts?.waiting),
        held: n(row?.held),
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
      const email = await find(id);
      const text = email ? null : await resendText(id);
      if (text?.queued) return { outcome: 'queued', item: text.item };
      const item = email ?? text?.item;
      if (!item) return { outcome: 'not-found' };
      return { outcome: item.status === 'sent' ? 'sent' : 'already-queued', item };
    },
  };
}
