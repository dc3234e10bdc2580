/**
 * The kinds of e-mail the practice sends, what each one becomes (the outbox stores it),
 * and the context every message is written from.
 */
import { EMAIL_KINDS as SHARED_EMAIL_KINDS, type EmailKind as SharedEmailKind } from '@shared/schemas/outbox';
import type { AppConfig } from '../../config';
import type { OutboxAttachment } from '../../db/schema';
import type { PracticeProfile } from '../../practice-profile';

/**
 * The kind strings live in src/shared (the admin's Outbox tab labels them); kept here for the mail module's imports.
 */
export const EMAIL_KINDS = SHARED_EMAIL_KINDS;
export type EmailKind = SharedEmailKind;

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
  /** Her logo (docs/product.md §19): the configuration's holder, read when a message is written; absent in unit tests.
   * */
  logo?: AppConfig['logo'];
  /** The Stripe keys in force (decision 037), read when a message is written: a deposit may be paid by card with both.
   * */
  stripe?: AppConfig['stripe'];
}

/** Card payments are on (decision 037): the request-received e-mail links to paying the deposit by card. */
export const cardPaymentsOn = (ctx: EmailContext): boolean =>
  Boolean(ctx.stripe?.secretKey && ctx.stripe.webhookSecret);

/** The context the messages need, from the server configuration. */
export function emailContext(
  config: Pick<AppConfig, 'practice' | 'publicUrl' | 'mail'> & Partial<Pick<AppConfig, 'logo' | 'stripe'>>,
): EmailContext {
  return {
    practice: config.practice,
    publicUrl: config.publicUrl.replace(/\/+$/, ''),
    notifyTo: config.mail.notifyTo,
    logo: config.logo,
    stripe: config.stripe,
  };
}
