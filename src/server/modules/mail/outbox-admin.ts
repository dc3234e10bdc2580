/**
 * The admin's view of the outbox (docs/decisions/008-email-outbox.md): the list, newest first,
 * paged by id, with counts per display state, and the resend. The list never reads the bodies or
 * attachments, so a page stays light however large the messages are. Texts (decision 038) are listed with
 * the e-mails: their table takes its ids from the e-mails' sequence, so one id orders and pages both.
 */
import { and, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import {
  outboxState,
  type OutboxChannelFilter,
  type OutboxCounts,
  type OutboxFilter,
  type OutboxItem,
  type OutboxQuery,
  type OutboxStatus,
} from '@shared/schemas/outbox';
import type { DbOrTx } from '../../db/client';
import { emailOutbox, smsOutbox, smsSettings } from '../../db/schema';
import { isHeld } from './outbox';

const t = emailOutbox;
const s = smsOutbox;

/**
 * The display states as SQL, the same rule as outboxState() in src/shared/schemas/outbox.ts, for either table (a text
 * is never held; 'cancelled' shows under All only). 'problems' is what needs her attention, and what Resend acts on.
 */
function stateConditions(x: typeof t | typeof s, held: SQL) {
  /** Pending after a failed attempt. */
  const retrying = sql`(${x.status} = 'pending' and ${x.attempts} > 0 and ${x.lastError} is not null)`;
  return {
    problems: sql`(${x.status} = 'failed' or ${retrying})`,
    sent: sql`(${x.status} = 'sent')`,
    waiting: sql`(${x.status} = 'pending' and not ${retrying} and not ${held})`,
    held,
  } satisfies Record<Exclude<OutboxFilter, 'all'>, SQL>;
}

/** Pending, held for her decision (docs/product.md §2 "Outbox"). */
const emailStates = stateConditions(t, and(eq(t.status, 'pending'), isHeld)!);
const textStates = stateConditions(s, sql`false`);

/** The rows a filter shows. */
const conditionOf = (filter: OutboxFilter, states: typeof emailStates) =>
  filter === 'all' ? undefined : states[filter];

/** What a resend sets, in either table (see resend below). */
const resendSet = (x: typeof t | typeof s) => ({
  status: 'pending' as const,
  attempts: sql<number>`case when ${x.status} = 'failed' then 0 else ${x.attempts} end`,
  lastError: null,
  nextAttemptAt: sql<Date>`now()`,
});

/** The list's columns both tables have: everything but the bodies and attachments. */
const sharedColumns = (x: typeof t | typeof s) => ({
  id: x.id,
  kind: x.kind,
  bookingId: x.bookingId,
  status: x.status,
  attempts: x.attempts,
  lastError: x.lastError,
  createdAt: x.createdAt,
  sentAt: x.sentAt,
  nextAttemptAt: x.nextAttemptAt,
});

const listColumns = {
  ...sharedColumns(t),
  toAddress: t.toAddress,
  subject: t.subject,
  held: sql<boolean>`(${emailStates.held})`,
};
const smsColumns = { ...sharedColumns(s), toNumber: s.toNumber, body: s.body, deliveryStatus: s.deliveryStatus };

interface SharedRow {
  id: number;
  kind: string;
  bookingId: number | null;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  nextAttemptAt: Date;
  held?: boolean;
}

function toItem(row: SharedRow, what: Pick<OutboxItem, 'channel' | 'to' | 'subject' | 'deliveryStatus'>): OutboxItem {
  return {
    id: row.id,
    ...what,
    kind: row.kind,
    bookingId: row.bookingId,
    status: row.status,
    state: outboxState(row),
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  };
}

const toOutboxItem = (row: SharedRow & { toAddress: string; subject: string }) =>
  toItem(row, { channel: 'email', to: row.toAddress, subject: row.subject, deliveryStatus: null });
/** A text's `subject` is its words (short, no health detail). */
const toTextItem = (row: SharedRow & { toNumber: string; body: string; deliveryStatus: string | null }) =>
  toItem(row, { channel: 'sms', to: row.toNumber, subject: row.body, deliveryStatus: row.deliveryStatus });

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
   * A text's resend (decision 038), the e-mail's rule: a failed one back to pending with its attempts at 0, a retrying
   * one due now. The send-time checks (STOP, the visit still as the text says) apply again. Answers the row as it is.
   */
  async function resendText(id: number): Promise<{ item: OutboxItem; queued: boolean } | null> {
    const [row] = await db
      .update(s)
      .set(resendSet(s))
      .where(and(eq(s.id, id), textStates.problems))
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
      channel,
      beforeId,
      limit,
    }: OutboxQuery): Promise<{ items: OutboxItem[]; nextBeforeId: number | null }> {
      const before = (x: typeof t | typeof s) => (beforeId === undefined ? undefined : lt(x.id, beforeId));
      const [emails, texts] = await Promise.all([
        channel === 'sms'
          ? []
          : db
              .select(listColumns)
              .from(t)
              .where(and(conditionOf(filter, emailStates), before(t)))
              .orderBy(desc(t.id))
              .limit(limit + 1),
        channel === 'email'
          ? []
          : db
              .select(smsColumns)
              .from(s)
              .where(and(conditionOf(filter, textStates), before(s)))
              .orderBy(desc(s.id))
              .limit(limit + 1),
      ]);
      const rows = [...emails.map(toOutboxItem), ...texts.map(toTextItem)].sort((a, b) => b.id - a.id);
      const page = rows.slice(0, limit);
      return { items: page, nextBeforeId: rows.length > limit ? page[page.length - 1]!.id : null };
    },

    /**
     * Texts (decision 038) as the Outbox's banner tells them: set up or not (without opening the token), her monthly
     * limit and this New Zealand month's count, read from the texts' own tables.
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

    /**
     * How many rows each filter holds among the channel's messages, in one pass over each table; and how many
     * messages each channel holds.
     */
    async counts(
      channel: OutboxChannelFilter = 'all',
    ): Promise<{ counts: OutboxCounts; channels: Record<OutboxChannelFilter, number> }> {
      const countsOf = async (x: typeof t | typeof s, states: typeof emailStates) => {
        const n = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
        const [row] = await db
          .select({
            all: sql<number>`count(*)::int`,
            problems: n(states.problems),
            sent: n(states.sent),
            waiting: n(states.waiting),
            held: n(states.held),
          })
          .from(x);
        return row;
      };
      const [emails, texts] = await Promise.all([countsOf(t, emailStates), countsOf(s, textStates)]);
      const n = (row: typeof emails, key: keyof OutboxCounts) => Number(row?.[key] ?? 0);
      const sum = (key: keyof OutboxCounts) =>
        (channel === 'sms' ? 0 : n(emails, key)) + (channel === 'email' ? 0 : n(texts, key));
      return {
        counts: {
          all: sum('all'),
          problems: sum('problems'),
          sent: sum('sent'),
          waiting: sum('waiting'),
          held: sum('held'),
        },
        channels: { all: n(emails, 'all') + n(texts, 'all'), email: n(emails, 'all'), sms: n(texts, 'all') },
      };
    },

    /**
     * She chose Send (docs/product.md §2 "Outbox"): the held e-mail (one, or all up to `upToId`) is released and due
     * now; the worker sends it at its next poll (once SMTP is set up). One UPDATE whose WHERE is the guard, so a second
     * click finds nothing.
     */
    async sendHeld(target: { id: number } | { upToId?: number }): Promise<HeldResult> {
      const rows = await db
        .update(t)
        .set({ releasedAt: sql`now()`, nextAttemptAt: sql`now()` })
        .where(and(emailStates.held, heldTarget(target)))
        .returning({ id: t.id });
      return afterHeld(target, rows.length);
    },

    /**
     * She chose Discard (docs/product.md §2 "Outbox"): the held e-mail (one, or all up to `upToId`) leaves the outbox
     * and is never sent. Its .eml copy under DATA_DIR/mail stays, so nothing is lost.
     */
    async discardHeld(target: { id: number } | { upToId?: number }): Promise<HeldResult> {
      const rows = await db
        .delete(t)
        .where(and(emailStates.held, heldTarget(target)))
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
        .set(resendSet(t))
        .where(and(eq(t.id, id), emailStates.problems))
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
