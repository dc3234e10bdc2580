/**
 * A signed webhook from Twilio, applied (decision 038): a STOP records the number and cancels what waits for it, a
 * START removes it, a status callback records the delivery on its text. Each is one statement or one transaction, so a
 * repeated webhook (Twilio retries) changes nothing more.
 */
import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { smsOutbox } from '../../db/schema';
import { optIn, optOut } from './outbox';
import { TWILIO_UNSUBSCRIBED } from './twilio-client';
import { readInbound } from './webhook';

/** Statuses that mean the provider has the message: a text still pending when one arrives was sent. */
const TAKEN = new Set(['accepted', 'queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'read']);

export interface WebhookOutcome {
  kind: 'stop' | 'start' | 'reply' | 'status' | 'unknown';
  cancelled?: number;
  updated?: boolean;
}

export async function applyWebhook(
  db: Db,
  params: Record<string, string>,
  query: Record<string, unknown>,
): Promise<WebhookOutcome> {
  const inbound = readInbound(params, query);
  if (inbound.kind === 'reply') {
    if (inbound.keyword === 'stop') {
      const cancelled = await db.transaction((tx) => optOut(tx, inbound.from));
      return { kind: 'stop', cancelled };
    }
    if (inbound.keyword === 'start') {
      await optIn(db, inbound.from);
      return { kind: 'start' };
    }
    return { kind: 'reply' };
  }
  if (inbound.kind === 'status') {
    const { messageSid, status, errorCode, outboxId } = inbound;
    const which = [
      ...(messageSid ? [eq(smsOutbox.providerSid, messageSid)] : []),
      ...(outboxId ? [eq(smsOutbox.id, outboxId)] : []),
    ];
    if (which.length === 0) return { kind: 'status', updated: false };
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(smsOutbox)
        .where(or(...which))
        .for('update');
      // A callback for another text than the one its URL names is not ours to record.
      if (!row || (messageSid && row.providerSid && row.providerSid !== messageSid)) {
        return { kind: 'status' as const, updated: false };
      }
      const now = new Date();
      // The provider has it although the worker never recorded so (it stopped between the two): it is sent, and
      // its lease ending must not send it again.
      const sentNow = row.status === 'pending' && TAKEN.has(status);
      await tx
        .update(smsOutbox)
        .set({
          deliveryStatus: status,
          deliveryErrorCode: errorCode,
          deliveryUpdatedAt: now,
          ...(messageSid && !row.providerSid ? { providerSid: messageSid } : {}),
          ...(sentNow ? { status: 'sent' as const, sentAt: now, lastError: null } : {}),
        })
        .where(and(eq(smsOutbox.id, row.id)));
      if (errorCode === TWILIO_UNSUBSCRIBED) await optOut(tx, row.toNumber);
      return { kind: 'status' as const, updated: true };
    });
  }
  return { kind: 'unknown' };
}
