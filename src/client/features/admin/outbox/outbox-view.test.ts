/**
 * The Outbox tab's rules (pure): display states, kind labels for every kind the server sends,
 * NZ times whatever the zone (this project runs under America/Los_Angeles), the line under the
 * badge, and which button a row offers.
 */
import { describe, expect, it } from 'vitest';
import { EMAIL_KIND_LABELS, EMAIL_KINDS, emailKindLabel, outboxState, type OutboxItem } from '@shared/schemas/outbox';
import {
  attemptsLabel,
  badgeOf,
  CHANNEL_FILTER_LABELS,
  emptyFilterText,
  formatNzStamp,
  HELD_DETAIL,
  heldText,
  outboxAction,
  outboxRowView,
  problemsText,
  showChannelFilter,
  stateDetail,
} from './outbox-view';

const NOW = new Date('2026-03-01T00:00:00Z'); // 1 Mar 2026, 1:00 PM in NZ (daylight time)

const item = (over: Partial<OutboxItem> = {}): OutboxItem => ({
  id: 7,
  channel: 'email',
  kind: 'booking_confirmed',
  bookingId: 3,
  to: 'mere@example.nz',
  subject: 'Your booking is confirmed',
  status: 'pending',
  state: 'waiting',
  attempts: 0,
  lastError: null,
  createdAt: '2026-02-28T23:05:00Z',
  sentAt: null,
  nextAttemptAt: '2026-02-28T23:05:00Z',
  deliveryStatus: null,
  ...over,
});

describe('outboxState', () => {
  it('reads sent, failed, retrying (pending after a failure) and waiting', () => {
    expect(outboxState({ status: 'sent', attempts: 1, lastError: null })).toBe('sent');
    expect(outboxState({ status: 'failed', attempts: 12, lastError: 'x' })).toBe('failed');
    expect(outboxState({ status: 'pending', attempts: 2, lastError: 'ECONNREFUSED' })).toBe('retrying');
    expect(outboxState({ status: 'pending', attempts: 0, lastError: null })).toBe('waiting');
    // Claimed for its first attempt (counted, no error yet), or queued again by her.
    expect(outboxState({ status: 'pending', attempts: 1, lastError: null })).toBe('waiting');
  });
});

describe('kind labels', () => {
  it('labels every kind the mail module sends, and shows an unknown one as stored', () => {
    for (const kind of Object.values(EMAIL_KINDS)) expect(EMAIL_KIND_LABELS[kind]).toBeTruthy();
    expect(emailKindLabel('booking_confirmed')).toBe('Booking confirmed');
    expect(emailKindLabel('admin_message')).toBe('Your message');
    expect(emailKindLabel('something_new')).toBe('something_new');
  });
});

describe('NZ times', () => {
  it('formats an instant on the New Zealand clock, across daylight saving', () => {
    expect(formatNzStamp('2026-02-20T23:05:00Z', NOW)).toBe('21 Feb 2026, 12:05 PM');
    expect(formatNzStamp('2026-06-30T23:05:00Z', NOW)).toBe('1 Jul 2026, 11:05 AM');
    // Today and yesterday are New Zealand's, not the browser's (here still 28 February).
    expect(formatNzStamp('2026-02-28T23:05:00Z', NOW)).toBe('Today, 12:05 PM');
    expect(formatNzStamp('2026-02-28T11:00:00Z', NOW)).toBe('Today, 12:00 AM');
    expect(formatNzStamp('2026-02-28T10:59:00Z', NOW)).toBe('Yesterday, 11:59 PM');
    expect(formatNzStamp('2026-02-27T10:59:00Z', NOW)).toBe('27 Feb 2026, 11:59 PM');
    expect(formatNzStamp(null)).toBe('');
    expect(formatNzStamp('nonsense')).toBe('');
  });
});

describe('the line under the badge', () => {
  it('says when it was sent, when it is tried next, or why it waits', () => {
    expect(stateDetail(item({ state: 'sent', sentAt: '2026-02-28T23:06:00Z' }), 'smtp', NOW)).toBe(
      'Sent Today, 12:06 PM',
    );
    expect(
      stateDetail(item({ state: 'retrying', attempts: 2, nextAttemptAt: '2026-03-01T00:01:00Z' }), 'smtp', NOW),
    ).toBe('Next try Today, 1:01 PM');
    expect(
      stateDetail(item({ state: 'retrying', attempts: 2, nextAttemptAt: '2026-02-28T23:59:00Z' }), 'smtp', NOW),
    ).toBe('Sending soon');
    expect(stateDetail(item({ state: 'failed', attempts: 12 }), 'smtp', NOW)).toBe('Gave up after 12 attempts');
    expect(stateDetail(item({ state: 'failed', attempts: 1 }), 'smtp', NOW)).toBe('Gave up after 1 attempt');
    expect(stateDetail(item(), 'smtp', NOW)).toBe('Sending soon');
    expect(stateDetail(item({ attempts: 1, nextAttemptAt: '2026-03-01T00:10:00Z' }), 'smtp', NOW)).toBe('Sending now');
    expect(stateDetail(item(), 'files', NOW)).toBe('Kept until e-mail delivery is set up');
  });

  it('counts attempts out of the maximum only while it may still retry', () => {
    expect(attemptsLabel({ state: 'retrying', attempts: 2 }, 12)).toBe('2 of 12');
    expect(attemptsLabel({ state: 'failed', attempts: 12 }, 12)).toBe('12');
    expect(attemptsLabel({ state: 'sent', attempts: 1 }, 12)).toBe('1');
  });
});

describe('rows', () => {
  it('offers Resend for a failed e-mail and Try again now for a retrying one, nothing otherwise', () => {
    expect(outboxAction({ state: 'failed' })).toBe('resend');
    expect(outboxAction({ state: 'retrying' })).toBe('retry-now');
    expect(outboxAction({ state: 'sent' })).toBeNull();
    expect(outboxAction({ state: 'waiting' })).toBeNull();
  });

  it('builds the view of a failed row, and never shows an error on a sent one', () => {
    const failed = outboxRowView(
      item({ status: 'failed', state: 'failed', attempts: 1, lastError: 'ECONNREFUSED' }),
      'smtp',
      1,
      NOW,
    );
    expect(failed).toEqual({
      id: 7,
      channel: 'E-mail',
      isText: false,
      queued: 'Today, 12:05 PM',
      to: 'mere@example.nz',
      subject: 'Your booking is confirmed',
      kind: 'Booking confirmed',
      badge: { label: 'Failed', variant: 'destructive' },
      detail: 'Gave up after 1 attempt',
      attempts: '1',
      lastError: 'ECONNREFUSED',
      action: 'resend',
    });
    const sent = outboxRowView(item({ status: 'sent', state: 'sent', lastError: 'old' }), 'smtp', 12, NOW);
    expect(sent.lastError).toBeNull();
    expect(sent.badge).toEqual({ label: 'Sent', variant: 'success' });
  });

  it('words the empty filters and the problems line', () => {
    expect(emptyFilterText('problems', 'email')).toBe('No problems: every e-mail has been sent or is on its way.');
    expect(problemsText(0)).toBeUndefined();
    expect(problemsText(1)).toMatch(/^1 e-mail has not gone out yet/);
    expect(problemsText(3)).toMatch(/^3 e-mails have not gone out yet/);
  });
});

// docs/product.md §2 "Outbox": e-mails queued while e-mail was not set up wait for her decision.
describe('held e-mails', () => {
  it('read as Held, with why they wait, and offer Send and Discard', () => {
    expect(outboxState({ status: 'pending', attempts: 0, lastError: null, held: true })).toBe('held');
    expect(outboxState({ status: 'sent', attempts: 1, lastError: null, held: true })).toBe('sent');
    const held = item({ state: 'held' });
    expect(outboxAction(held)).toBe('decide');
    expect(stateDetail(held, 'smtp', NOW)).toBe(HELD_DETAIL);
    expect(outboxRowView(held, 'files', 12, NOW)).toMatchObject({
      badge: { label: 'Held', variant: 'warning' },
      detail: 'Queued while e-mail was not set up',
      action: 'decide',
    });
    expect(emptyFilterText('held')).toBe('No e-mail is waiting for your decision.');
  });

  it('says how many wait, and that none goes out by itself', () => {
    expect(heldText(1, 'smtp')).toBe(
      '1 e-mail was queued while e-mail was not set up. None is sent now that e-mail is set up unless you choose Send; Discard drops it for good (a copy stays on the server).',
    );
    expect(heldText(3, 'files')).toMatch(/^3 e-mails were queued .* None is sent when e-mail is set up unless/);
  });
});

describe('texts in the Outbox (issue 41)', () => {
  const text = (over: Partial<OutboxItem> = {}) =>
    item({ channel: 'sms', kind: 'sms_reminder', to: '+64211234567', subject: 'Kāpiti Massage: a reminder', ...over });

  it('labels a text by its kind and channel, and says what the provider last told of its delivery', () => {
    const sent = outboxRowView(
      text({ status: 'sent', state: 'sent', sentAt: '2026-02-28T20:00:00Z', deliveryStatus: 'delivered' }),
      'smtp',
      12,
      NOW,
    );
    expect(sent.kind).toBe('Text: reminder');
    expect(sent.channel).toBe('Text');
    expect(sent.detail).toBe('Sent Today, 9:00 AM · Delivered');
    const undelivered = outboxRowView(
      text({ status: 'sent', state: 'sent', sentAt: '2026-02-28T20:00:00Z', deliveryStatus: 'undelivered' }),
      'smtp',
      12,
      NOW,
    );
    expect(undelivered.detail).toBe('Sent Today, 9:00 AM · Not delivered');
  });

  it("shows a cancelled text as 'Not sent' with why, and offers nothing", () => {
    const row = outboxRowView(
      text({ status: 'cancelled', state: 'cancelled', lastError: 'Not sent: this number replied STOP' }),
      'smtp',
      12,
      NOW,
    );
    expect(row.badge.label).toBe('Not sent');
    expect(row.detail).toBe('Not sent: this number replied STOP');
    expect(row.action).toBeNull();
  });

  it('says a waiting text waits for the monthly limit when it is reached, and a text waits for the SMS provider, not SMTP', () => {
    expect(outboxRowView(text(), 'files', 12, NOW, { capReached: true }).detail).toBe(
      'Waiting: monthly text limit reached',
    );
    expect(outboxRowView(text(), 'files', 12, NOW).detail).toBe('Sending soon');
    expect(outboxRowView(item(), 'smtp', 12, NOW).channel).toBe('E-mail');
  });
});

describe('texts as texts (issue 41)', () => {
  const text = (over: Partial<OutboxItem> = {}) =>
    item({ channel: 'sms', kind: 'sms_confirmed', to: '+64211234567', subject: 'Kāpiti Massage: confirmed', ...over });
  const sentText = (deliveryStatus: string | null) =>
    text({ status: 'sent', state: 'sent', sentAt: '2026-02-28T23:06:00Z', deliveryStatus });

  it('marks each row with its channel, and shows the number as the server gives it', () => {
    const row = outboxRowView(text(), 'smtp', 12, NOW);
    expect(row).toMatchObject({ channel: 'Text', isText: true, to: '+64211234567', kind: 'Text: booking confirmed' });
    expect(outboxRowView(item(), 'smtp', 12, NOW)).toMatchObject({ channel: 'E-mail', isText: false });
  });

  it("words each of Twilio's delivery reports, and the badge says delivered or not delivered", () => {
    const cases: [string | null, string, string][] = [
      ['queued', 'Sent Today, 12:06 PM · Queued', 'Sent'],
      ['sent', 'Sent Today, 12:06 PM · Sent to the network', 'Sent'],
      ['delivered', 'Sent Today, 12:06 PM · Delivered', 'Delivered'],
      ['undelivered', 'Sent Today, 12:06 PM · Not delivered', 'Not delivered'],
      ['failed', 'Sent Today, 12:06 PM · Not delivered', 'Not delivered'],
      ['read', 'Sent Today, 12:06 PM · read', 'Sent'],
      [null, 'Sent Today, 12:06 PM', 'Sent'],
    ];
    for (const [report, detail, badge] of cases) {
      const row = outboxRowView(sentText(report), 'smtp', 12, NOW);
      expect([report, row.detail, row.badge.label]).toEqual([report, detail, badge]);
    }
    expect(badgeOf(sentText('undelivered')).variant).toBe('destructive');
    expect(badgeOf(sentText('delivered')).variant).toBe('success');
    // An e-mail has no delivery report: its state's badge.
    expect(badgeOf(item({ state: 'sent', deliveryStatus: 'undelivered' }))).toEqual({
      label: 'Sent',
      variant: 'success',
    });
  });

  it("says 'Not sent' with why for a cancelled text, and the cap only on waiting texts", () => {
    const replaced = outboxRowView(
      text({
        status: 'cancelled',
        state: 'cancelled',
        lastError: 'Not sent: a newer text about this visit replaced it',
      }),
      'smtp',
      12,
      NOW,
      { capReached: true },
    );
    expect([replaced.badge.label, replaced.detail]).toEqual([
      'Not sent',
      'Not sent: a newer text about this visit replaced it',
    ]);
    expect(outboxRowView(text({ status: 'cancelled', state: 'cancelled' }), 'smtp', 12, NOW).detail).toBe('Not sent');
    expect(outboxRowView(text(), 'smtp', 12, NOW, { capReached: true }).detail).toBe(
      'Waiting: monthly text limit reached',
    );
    // The cap holds texts, not e-mails.
    expect(outboxRowView(item(), 'smtp', 12, NOW, { capReached: true }).detail).toBe('Sending soon');
  });

  it('offers Resend for a failed text as for an e-mail', () => {
    const failed = outboxRowView(
      text({ status: 'failed', state: 'failed', attempts: 12, lastError: 'Twilio 20503: Service unavailable' }),
      'smtp',
      12,
      NOW,
    );
    expect(failed).toMatchObject({ action: 'resend', lastError: 'Twilio 20503: Service unavailable' });
  });

  it('offers the channel filter once texts are set up or exist, and words its empty lists', () => {
    expect(CHANNEL_FILTER_LABELS).toEqual({ all: 'All', email: 'E-mails', sms: 'Texts' });
    expect(showChannelFilter({ sms: { configured: false }, channels: { sms: 0 } })).toBe(false);
    expect(showChannelFilter({ sms: { configured: true }, channels: { sms: 0 } })).toBe(true);
    expect(showChannelFilter({ sms: { configured: false }, channels: { sms: 3 } })).toBe(true);
    expect(emptyFilterText('all', 'sms')).toBe('No texts yet.');
    expect(emptyFilterText('problems', 'sms')).toBe('No problems: every text has been sent or is on its way.');
    expect(emptyFilterText('sent', 'all')).toBe('No message has been sent yet.');
    expect(problemsText(2, true)).toMatch(/^2 messages have not gone out yet/);
  });
});
