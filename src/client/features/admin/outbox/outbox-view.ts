/**
 * How one outbox row reads on screen (pure, unit-tested): the state's badge, the NZ times, the
 * line under the badge, the attempts, and which button it offers. Every time is New Zealand time,
 * whatever the browser's zone.
 */
import { format } from 'date-fns';
import {
  emailKindLabel,
  type OutboxChannelFilter,
  type OutboxDelivery,
  type OutboxFilter,
  type OutboxItem,
  type OutboxState,
} from '@shared/schemas/outbox';
import { addDaysToDate, nzDateOf, nzToday, toNz } from '@shared/time';

export type BadgeVariant = 'success' | 'warning' | 'destructive' | 'secondary';

export const STATE_BADGES: Record<OutboxState, { label: string; variant: BadgeVariant }> = {
  sent: { label: 'Sent', variant: 'success' },
  waiting: { label: 'Waiting', variant: 'secondary' },
  retrying: { label: 'Retrying', variant: 'warning' },
  failed: { label: 'Failed', variant: 'destructive' },
  held: { label: 'Held', variant: 'warning' },
  cancelled: { label: 'Not sent', variant: 'secondary' },
};

export const OUTBOX_FILTER_LABELS: Record<OutboxFilter, string> = {
  all: 'All',
  problems: 'Problems',
  sent: 'Sent',
  waiting: 'Waiting',
  held: 'Held',
};

/** The channel filter (decision 038): both, e-mails only, texts only. */
export const CHANNEL_FILTER_LABELS: Record<OutboxChannelFilter, string> = {
  all: 'All',
  email: 'E-mails',
  sms: 'Texts',
};

/** Whether to offer the channel filter: texts are set up, or some were sent before. */
export function showChannelFilter(page: { sms: { configured: boolean }; channels: { sms: number } }): boolean {
  return page.sms.configured || page.channels.sms > 0;
}

/**
 * An instant on the New Zealand clock: 'Today, 6:05 PM', 'Yesterday, 9:12 AM', else
 * '23 Nov 2026, 6:05 PM'; '' for a missing or broken instant.
 */
export function formatNzStamp(iso: string | null, now: Date = new Date()): string {
  if (!iso) return '';
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  const day = nzDateOf(instant);
  const today = nzToday(now);
  const time = format(toNz(instant), 'h:mm a');
  if (day === today) return `Today, ${time}`;
  if (day === addDaysToDate(today, -1)) return `Yesterday, ${time}`;
  return `${format(toNz(instant), 'd MMM yyyy')}, ${time}`;
}

/**
 * What she can do with the row: send a failed one again, try a retrying one now, or decide on a held one (Send or
 * Discard, docs/product.md §2 "Outbox").
 */
export type OutboxAction = 'resend' | 'retry-now' | 'decide' | null;

export function outboxAction(item: Pick<OutboxItem, 'state'>): OutboxAction {
  if (item.state === 'failed') return 'resend';
  if (item.state === 'retrying') return 'retry-now';
  if (item.state === 'held') return 'decide';
  return null;
}

export const ACTION_LABELS: Record<Exclude<OutboxAction, null | 'decide'>, string> = {
  resend: 'Resend',
  'retry-now': 'Try again now',
};

/** A held e-mail's line (docs/product.md §2 "Outbox"): why it waits for her. */
export const HELD_DETAIL = 'Queued while e-mail was not set up';

/** What Twilio's status callback last said of a text (decision 038), in her words; unknown words as they came. */
const DELIVERY_WORDS: Record<string, string> = {
  accepted: 'Accepted',
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent to the network',
  delivered: 'Delivered',
  undelivered: 'Not delivered',
  failed: 'Not delivered',
};

/** Texts (decision 038) as the page says them: the monthly limit reached makes waiting texts wait. */
export interface SmsView {
  capReached: boolean;
}

export const CAP_REACHED_DETAIL = 'Waiting: monthly text limit reached';

/**
 * The badge of a row: its state's, except a sent text whose delivery report says more (decision 038): 'Delivered', or
 * 'Not delivered' when the network could not deliver it (she may want to call the client).
 */
export function badgeOf(item: Pick<OutboxItem, 'state'> & Partial<Pick<OutboxItem, 'channel' | 'deliveryStatus'>>): {
  label: string;
  variant: BadgeVariant;
} {
  if (item.channel === 'sms' && item.state === 'sent') {
    if (item.deliveryStatus === 'delivered') return { label: 'Delivered', variant: 'success' };
    if (item.deliveryStatus === 'undelivered' || item.deliveryStatus === 'failed')
      return { label: 'Not delivered', variant: 'destructive' };
  }
  return STATE_BADGES[item.state];
}

/** The line under the badge: when it left, when it is tried next, or why it waits. */
export function stateDetail(
  item: Pick<OutboxItem, 'state' | 'sentAt' | 'nextAttemptAt' | 'attempts'> &
    Partial<Pick<OutboxItem, 'channel' | 'deliveryStatus' | 'lastError'>>,
  delivery: OutboxDelivery,
  now: Date = new Date(),
  sms: SmsView = { capReached: false },
): string {
  const text = item.channel === 'sms';
  switch (item.state) {
    case 'sent': {
      const sent = item.sentAt ? `Sent ${formatNzStamp(item.sentAt, now)}` : 'Sent';
      const report = item.deliveryStatus ? (DELIVERY_WORDS[item.deliveryStatus] ?? item.deliveryStatus) : null;
      return text && report ? `${sent} · ${report}` : sent;
    }
    case 'cancelled':
      return item.lastError ?? 'Not sent';
    case 'failed':
      return `Gave up after ${attemptsText(item.attempts)}`;
    case 'held':
      return HELD_DETAIL;
    case 'retrying':
      return nextTry(item.nextAttemptAt, now);
    case 'waiting':
      if (text && sms.capReached) return CAP_REACHED_DETAIL;
      if (delivery === 'files' && !text) return 'Kept until e-mail delivery is set up';
      // Claimed by the worker: its attempt is counted and the row is leased while it sends.
      if (item.attempts > 0 && isFuture(item.nextAttemptAt, now)) return 'Sending now';
      return nextTry(item.nextAttemptAt, now);
  }
}

function isFuture(iso: string | null, now: Date): boolean {
  const at = iso ? new Date(iso).getTime() : Number.NaN;
  return !Number.isNaN(at) && at > now.getTime();
}

function nextTry(nextAttemptAt: string | null, now: Date): string {
  return isFuture(nextAttemptAt, now) ? `Next try ${formatNzStamp(nextAttemptAt, now)}` : 'Sending soon';
}

const attemptsText = (n: number) => `${n} ${n === 1 ? 'attempt' : 'attempts'}`;

/** '2 of 12' while it may still be retried, the bare count otherwise. */
export function attemptsLabel(item: Pick<OutboxItem, 'state' | 'attempts'>, maxAttempts: number): string {
  return item.state === 'retrying' ? `${item.attempts} of ${maxAttempts}` : String(item.attempts);
}

export interface OutboxRowView {
  id: number;
  /** 'E-mail' or 'Text' (decision 038), shown with its icon. */
  channel: 'E-mail' | 'Text';
  isText: boolean;
  queued: string;
  to: string;
  subject: string;
  kind: string;
  badge: { label: string; variant: BadgeVariant };
  detail: string;
  attempts: string;
  lastError: string | null;
  action: OutboxAction;
}

export function outboxRowView(
  item: OutboxItem,
  delivery: OutboxDelivery,
  maxAttempts: number,
  now: Date = new Date(),
  sms?: SmsView,
): OutboxRowView {
  return {
    id: item.id,
    channel: item.channel === 'sms' ? 'Text' : 'E-mail',
    isText: item.channel === 'sms',
    queued: formatNzStamp(item.createdAt, now),
    to: item.to,
    subject: item.subject,
    kind: emailKindLabel(item.kind),
    badge: badgeOf(item),
    detail: stateDetail(item, delivery, now, sms),
    attempts: attemptsLabel(item, maxAttempts),
    // A sent or waiting row carries no error (the worker clears it), but never show a stale one.
    lastError: item.state === 'failed' || item.state === 'retrying' ? item.lastError : null,
    action: outboxAction(item),
  };
}

/** The text when a filter matches nothing while other messages exist. */
export function emptyFilterText(filter: OutboxFilter, channel: OutboxChannelFilter = 'all'): string {
  const what = channel === 'sms' ? 'text' : channel === 'email' ? 'e-mail' : 'message';
  switch (filter) {
    case 'problems':
      return `No problems: every ${what} has been sent or is on its way.`;
    case 'sent':
      return `No ${what} has been sent yet.`;
    case 'waiting':
      return 'Nothing is waiting to be sent.';
    case 'held':
      return 'No e-mail is waiting for your decision.';
    case 'all':
      return channel === 'sms' ? 'No texts yet.' : channel === 'email' ? 'No e-mails yet.' : '';
  }
}

/** The line under the heading when some messages need her attention; undefined when none do. */
export function problemsText(problems: number, withTexts = false): string | undefined {
  if (problems <= 0) return undefined;
  const [one, many] = withTexts ? ['message has', 'messages have'] : ['e-mail has', 'e-mails have'];
  return `${problems} ${problems === 1 ? one : many} not gone out yet. Failed ones are sent again only when you press Resend.`;
}

/** The held panel's text (docs/product.md §2 "Outbox"): how many wait for her, and that none goes out by itself. */
export function heldText(held: number, delivery: OutboxDelivery): string {
  const what = held === 1 ? '1 e-mail was' : `${held} e-mails were`;
  const when = delivery === 'files' ? 'when e-mail is set up' : 'now that e-mail is set up';
  return `${what} queued while e-mail was not set up. None is sent ${when} unless you choose Send; Discard drops it for good (a copy stays on the server).`;
}
