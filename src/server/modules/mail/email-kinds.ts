/**
 * The kinds of e-mail the practice sends, what each one becomes (the outbox stores it),
 * and the context every message is written from.
 */
import type { AppConfig } from '../../config';
import type { OutboxAttachment } from '../../db/schema';
import type { PracticeProfile } from '../../practice-profile';

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
  adminMessage: 'admin_message',
} as const;

export type EmailKind = (typeof EMAIL_KINDS)[keyof typeof EMAIL_KINDS];

/** One message, rendered: subject, text and HTML bodies, attachments. */
export interface EmailContent {
  kind: EmailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: OutboxAttachment[];
  bookingId: number | null;
}

export interface EmailContext {
  practice: PracticeProfile;
  /** The site's origin without a trailing slash, for links. */
  publicUrl: string;
  /** Where the practice's own notifications go. */
  notifyTo: string;
}

/** The context the messages need, from the server configuration. */
export function emailContext(config: Pick<AppConfig, 'practice' | 'publicUrl' | 'mail'>): EmailContext {
  return { practice: config.practice, publicUrl: config.publicUrl.replace(/\/+$/, ''), notifyTo: config.mail.notifyTo };
}
