/**
 * The Outbox tab (docs/product.md §2, docs/decisions/008-email-outbox.md): every e-mail the site
 * queued, what became of it, and the resend. One source for the server's answer and the client.
 */
import { z } from 'zod';
import { SMS_KIND_LABELS } from '../sms';

/** Stored in the outbox and sent as X-Homevisit-Kind, so the values never change. */
export const EMAIL_KINDS = {
  bookingReceived: 'booking_received',
  practiceNewRequest: 'practice_new_request',
  bookingConfirmed: 'booking_confirmed',
  bookingRejected: 'booking_rejected',
  bookingExpired: 'booking_expired',
  bookingCancelledByAdmin: 'booking_cancelled_by_admin',
  bookingCancelledByClient: 'booking_cancelled_by_client',
  practiceClientCancelled: 'practice_client_cancelled',
  bookingReminder: 'booking_reminder',
  bookingRescheduled: 'booking_rescheduled',
  practiceBookingRescheduled: 'practice_booking_rescheduled',
  adminMessage: 'admin_message',
  seriesBooked: 'series_booked',
  seriesUpdated: 'series_updated',
  seriesCancelled: 'series_cancelled',
  practiceSeriesConflicts: 'practice_series_conflicts',
  waitlistJoined: 'waitlist_joined',
  waitlistOffer: 'waitlist_offer',
  safetyOverdue: 'safety_overdue',
  safetyAllClear: 'safety_all_clear',
  receipt: 'receipt',
  giftVoucher: 'gift_voucher',
  giftVoucherBought: 'gift_voucher_bought',
  depositReminder: 'deposit_reminder',
  payLink: 'pay_link',
  cardDisputed: 'card_disputed',
  smsCapReached: 'sms_cap_reached',
} as const;

export type EmailKind = (typeof EMAIL_KINDS)[keyof typeof EMAIL_KINDS];

/** What each kind is, in her words (the list's 'Kind' column). */
export const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
  booking_received: 'Request received',
  practice_new_request: 'New request (to you)',
  booking_confirmed: 'Booking confirmed',
  booking_rejected: 'Booking declined',
  booking_expired: 'Request expired',
  booking_cancelled_by_admin: 'Cancelled by you',
  booking_cancelled_by_client: 'Cancellation confirmed',
  practice_client_cancelled: 'Client cancelled (to you)',
  booking_reminder: 'Appointment reminder',
  booking_rescheduled: 'Visit moved',
  practice_booking_rescheduled: 'Client moved a visit (to you)',
  admin_message: 'Your message',
  series_booked: 'Regular visits booked',
  series_updated: 'Regular visits changed',
  series_cancelled: 'Regular visits cancelled',
  practice_series_conflicts: 'Regular visits to check (to you)',
  waitlist_joined: 'Joined the waitlist',
  waitlist_offer: 'Waitlist: a time opened',
  safety_overdue: 'Safety alert (to your contact)',
  safety_all_clear: 'Safety all-clear (to your contact)',
  receipt: 'Receipt',
  gift_voucher: 'Gift voucher',
  gift_voucher_bought: 'Gift voucher bought (to the buyer)',
  deposit_reminder: 'Deposit reminder',
  pay_link: 'Pay now link',
  card_disputed: 'Card payment disputed (to you)',
  sms_cap_reached: 'Text limit reached (to you)',
};

/** The label of a stored kind, an e-mail's or a text's (decision 038); an unknown one (a newer version's) as stored. */
export function emailKindLabel(kind: string): string {
  return (
    (EMAIL_KIND_LABELS as Record<string, string | undefined>)[kind] ??
    (SMS_KIND_LABELS as Record<string, string | undefined>)[kind] ??
    kind
  );
}

/** How a message goes (decision 038): the Outbox lists texts with the e-mails. */
export const OUTBOX_CHANNELS = ['email', 'sms'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];
/** The list's channel filter: both, e-mails only or texts only. */
export const OUTBOX_CHANNEL_FILTERS = ['all', ...OUTBOX_CHANNELS] as const;
export type OutboxChannelFilter = (typeof OUTBOX_CHANNEL_FILTERS)[number];

/** The row's status column; 'cancelled' only for a text (decision 038: a STOP, or its visit changed before it went). */
export const outboxStatusSchema = z.enum(['pending', 'sent', 'failed', 'cancelled']);
export type OutboxStatus = z.infer<typeof outboxStatusSchema>;

/**
 * What the tab shows: 'waiting' (pending, no failure recorded), 'retrying' (pending after a
 * failed attempt: the worker tries again with backoff), 'sent', 'failed' (gave up after
 * MAIL_MAX_ATTEMPTS; only a resend sends it), 'held' (queued while e-mail was not set up, docs/product.md §2 "Outbox":
 * pending, never sent by itself; she chooses Send or Discard), 'cancelled' (a text never to be sent, decision 038).
 */
export const OUTBOX_STATES = ['waiting', 'retrying', 'sent', 'failed', 'held', 'cancelled'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/** The display state of a row (the server's SQL filters say the same, see outbox-admin.ts). */
export function outboxState(row: {
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  /** Held and not released by her (outbox.ts isHeld). */
  held?: boolean;
}): OutboxState {
  if (row.status === 'sent') return 'sent';
  if (row.status === 'failed') return 'failed';
  if (row.status === 'cancelled') return 'cancelled';
  if (row.held) return 'held';
  return row.attempts > 0 && row.lastError !== null ? 'retrying' : 'waiting';
}

/** The tab's filter: 'problems' is failed and retrying together. */
export const OUTBOX_FILTERS = ['all', 'problems', 'sent', 'waiting', 'held'] as const;
export type OutboxFilter = (typeof OUTBOX_FILTERS)[number];

export const OUTBOX_PAGE_SIZE = 50;
export const OUTBOX_PAGE_MAX = 100;
/** The tab refreshes itself this often while open, so 'Retrying' turns into 'Sent' before her eyes. */
export const OUTBOX_POLL_MS = 15_000;

/** GET /api/admin/outbox?filter=&channel=&beforeId=&limit= (newest first; beforeId is the cursor). */
export const outboxQuerySchema = z.object({
  filter: z.enum(OUTBOX_FILTERS, { error: 'filter must be one of all, problems, sent, waiting, held' }).default('all'),
  channel: z.enum(OUTBOX_CHANNEL_FILTERS, { error: 'channel must be one of all, email, sms' }).default('all'),
  beforeId: z.coerce
    .number({ error: 'beforeId must be a number' })
    .int('beforeId must be a whole number')
    .min(1, 'beforeId must be positive')
    .max(Number.MAX_SAFE_INTEGER, 'beforeId is too large')
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${OUTBOX_PAGE_MAX}`)
    .max(OUTBOX_PAGE_MAX, `limit must be between 1 and ${OUTBOX_PAGE_MAX}`)
    .default(OUTBOX_PAGE_SIZE),
});
export type OutboxQuery = z.output<typeof outboxQuerySchema>;

/**
 * One e-mail or text in the list: no e-mail bodies, no attachments (the list stays light); a text's `subject` is its
 * words (short, no health detail). Times are ISO instants. Ids are unique across both (texts take the e-mails'
 * sequence).
 */
export const outboxItemSchema = z
  .object({
    id: z.number().int(),
    channel: z.enum(OUTBOX_CHANNELS),
    kind: z.string(),
    bookingId: z.number().int().nullable(),
    to: z.string(),
    subject: z.string(),
    status: outboxStatusSchema,
    state: z.enum(OUTBOX_STATES),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
    /** When the worker tries next (pending rows only). */
    nextAttemptAt: z.string().nullable(),
    /** A text's delivery as the provider's status callback last told it ('delivered', 'undelivered'...); else null. */
    deliveryStatus: z.string().nullable(),
  })
  .meta({ id: 'OutboxItem' });
export type OutboxItem = z.infer<typeof outboxItemSchema>;

export const outboxCountsSchema = z.object({
  all: z.number().int(),
  problems: z.number().int(),
  sent: z.number().int(),
  waiting: z.number().int(),
  held: z.number().int(),
}) satisfies z.ZodType<Record<OutboxFilter, number>>;
export type OutboxCounts = z.infer<typeof outboxCountsSchema>;

/**
 * 'smtp': the worker sends over SMTP_URL. 'files': no SMTP_URL, so messages stay pending and
 * are written as .eml files; they are held (docs/product.md §2 "Outbox") and go out once SMTP is configured and she
 * chooses Send.
 */
export const outboxDeliverySchema = z.enum(['smtp', 'files']);
export type OutboxDelivery = z.infer<typeof outboxDeliverySchema>;

export const outboxPageSchema = z
  .object({
    delivery: outboxDeliverySchema,
    /** MAIL_MAX_ATTEMPTS: a row that failed this many times is 'failed'. */
    maxAttempts: z.number().int(),
    /** Per state, of the channel asked for. */
    counts: outboxCountsSchema,
    /** How many messages each channel holds, whatever the filters (decision 037). */
    channels: z.object({ all: z.number().int(), email: z.number().int(), sms: z.number().int() }),
    /** Texts (decision 038): whether they are set up, and her monthly limit: reached, texts wait. */
    sms: z.object({
      configured: z.boolean(),
      monthlyCap: z.number().int().nullable(),
      sentThisMonth: z.number().int(),
      capReached: z.boolean(),
    }),
    items: z.array(outboxItemSchema),
    /** The cursor of the next (older) page, or null when this is the last one. */
    nextBeforeId: z.number().int().nullable(),
  })
  .meta({ id: 'OutboxPage' });
export type OutboxPage = z.infer<typeof outboxPageSchema>;

/** The resend's answers (its message, or the error's). */
export const OUTBOX_MESSAGES = {
  queuedAgain: 'E-mail queued again',
  alreadyQueued: 'This e-mail is already waiting to be sent',
  alreadySent: 'This e-mail has already been sent',
  notFound: 'E-mail not found',
} as const;

/** A text's resend answers in its own words (decision 038). */
export const TEXT_RESEND_MESSAGES = {
  queuedAgain: 'Text queued again',
  alreadyQueued: 'This text is already waiting to be sent',
  alreadySent: 'This text has already been sent',
} as const satisfies Partial<Record<keyof typeof OUTBOX_MESSAGES, string>>;

/** The resend's words for a message of this channel. */
export const resendMessages = (channel: OutboxChannel) => (channel === 'sms' ? TEXT_RESEND_MESSAGES : OUTBOX_MESSAGES);

/** Send or Discard of held e-mails (docs/product.md §2 "Outbox"): the answers and the refusal. */
export const HELD_MESSAGES = {
  notHeld: 'This e-mail is not waiting for your decision',
  sent: (count: number, smtp: boolean) =>
    count === 0
      ? 'No e-mail was waiting for your decision'
      : `${count === 1 ? '1 e-mail' : `${count} e-mails`} will be sent${smtp ? ' within a minute' : ' once e-mail delivery is set up'}`,
  discarded: (count: number) =>
    count === 0
      ? 'No e-mail was waiting for your decision'
      : `${count === 1 ? '1 e-mail' : `${count} e-mails`} discarded: never sent`,
} as const;

/**
 * POST /api/admin/outbox/{id}/send|discard and /api/admin/outbox/held/send|discard: what was done, and to how many.
 * 'Send all' and 'Discard all' act on the held e-mails up to `upToId` when given (the newest one she saw), so one
 * that was held after she looked waits for its own decision.
 */
export const heldAllInputSchema = z
  .object({
    upToId: z.number({ error: 'upToId must be a number' }).int('upToId must be a whole number').min(1).optional(),
  })
  .optional();
export const heldAnswerSchema = z.object({ message: z.string(), count: z.number().int() }).meta({ id: 'HeldAnswer' });
export type HeldAnswer = z.infer<typeof heldAnswerSchema>;

/** POST /api/admin/outbox/:id/resend answers the row as it is now. */
export const outboxResendResponseSchema = z.object({ message: z.string(), item: outboxItemSchema });
export type OutboxResendResponse = z.infer<typeof outboxResendResponseSchema>;
