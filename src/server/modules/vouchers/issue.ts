/**
 * Issuing a voucher (docs/decisions/039-gift-vouchers.md): its code is drawn, only the hash kept, the PDF drawn and
 * the e-mails queued, all in the caller's transaction, so a voucher exists exactly when its e-mail was queued.
 * A card purchase is issued by the verified webhook of its Checkout session (the claim is the UPDATE of an unpaid row,
 * once); a voucher she sold off-line is issued by her request.
 */
import { formatCents } from '@shared/money';
import { displayServiceName } from '@shared/service-options';
import { nzInstant, nzToday } from '@shared/time';
import { formatVoucherCode, voucherExpiresOn } from '@shared/vouchers';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { currentLogoPng } from '../logo/service';
import { emailContext } from '../mail/email-kinds';
import { enqueueEmail } from '../mail/outbox';
import { newVoucherCode, voucherCodeHash, voucherCodeHint } from './code';
import { voucherBoughtEmail, voucherEmail } from './emails';
import { renderVoucherPdf, type VoucherCard } from './render-pdf';
import { vouchersRepository as repo, type NewVoucher, type VoucherRow } from './repository';

/** The recipient's e-mail goes at 8 AM (NZ) on the day chosen: in the inbox that morning, not at midnight. */
export const VOUCHER_SEND_TIME = '08:00';

export type MailConfig = Pick<AppConfig, 'practice' | 'publicUrl' | 'mail' | 'logo'>;

/** 'Swedish Massage, 60 min' */
export const serviceLabelOf = (v: Pick<VoucherRow, 'serviceName' | 'durationMinutes'>) =>
  v.serviceName && v.durationMinutes ? `${displayServiceName(v.serviceName)}, ${v.durationMinutes} min` : null;

/** 'Gift voucher for Aroha: $120.00', the line on Stripe's page and the buyer's statement. */
export const voucherLine = (v: Pick<VoucherRow, 'recipientName' | 'valueCents'>) =>
  `Gift voucher for ${v.recipientName}: ${formatCents(v.valueCents)}`;

function cardOf(v: VoucherRow, code: string, config: MailConfig): VoucherCard {
  return {
    practiceName: config.practice.name,
    bookingUrl: `${config.publicUrl.replace(/\/+$/, '')}/booking`,
    recipientName: v.recipientName,
    buyerName: v.buyerName,
    message: v.message,
    valueCents: v.valueCents,
    serviceLabel: serviceLabelOf(v),
    code: formatVoucherCode(code),
    soldOn: v.soldOn!,
    expiresOn: v.expiresOn!,
  };
}

/** The PDF and the e-mails of a voucher just issued, queued in its transaction. */
async function queueMail(tx: DbOrTx, v: VoucherRow, code: string, config: MailConfig): Promise<void> {
  if (!v.recipientEmail && !(v.channel === 'online' && v.buyerEmail)) return;
  const card = cardOf(v, code, config);
  const pdf = await renderVoucherPdf(card, await currentLogoPng(tx, config.logo));
  const ctx = emailContext(config);
  const sendOn = v.sendOn ?? v.soldOn!;
  if (v.recipientEmail && v.sendOn) {
    await enqueueEmail(tx, voucherEmail(card, v.recipientEmail, pdf, ctx), {
      notBefore: nzInstant(v.sendOn, VOUCHER_SEND_TIME),
    });
  }
  if (v.channel === 'online' && v.buyerEmail) {
    await enqueueEmail(tx, voucherBoughtEmail(card, v.buyerEmail, sendOn, pdf, ctx));
  }
}

/** The facts of a code drawn now: the hash, the hint, the NZ sale date and the expiry by her setting. */
async function drawCode(tx: DbOrTx, at: Date, soldOn = nzToday(at)) {
  const code = newVoucherCode();
  const { expiryMonths } = await repo.settings(tx);
  return {
    code,
    facts: {
      codeHash: voucherCodeHash(code),
      codeHint: voucherCodeHint(code),
      soldOn,
      expiresOn: voucherExpiresOn(soldOn, expiryMonths),
      issuedAt: at,
    },
  };
}

/**
 * Issues the card purchase `voucherId` once its payment arrived. Null when it is not waiting (issued by an earlier
 * delivery of the event, or no such purchase): nothing is done twice.
 */
export async function issuePaidVoucher(
  tx: DbOrTx,
  voucherId: number,
  paidCents: number,
  at: Date,
  config: MailConfig,
): Promise<VoucherRow | null> {
  const waiting = await repo.byId(tx, voucherId);
  // Stripe took what the server asked; a different figure is not this purchase's payment.
  if (!waiting || waiting.status !== 'unpaid' || waiting.valueCents !== paidCents) return null;
  const { code, facts } = await drawCode(tx, at);
  const issued = await repo.issue(tx, voucherId, facts);
  if (!issued) return null;
  await queueMail(tx, issued, code, config);
  return issued;
}

/** A voucher she sold off-line: issued at once, its code answered this once. */
export async function issueSoldVoucher(
  tx: DbOrTx,
  values: Omit<NewVoucher, 'status' | 'channel' | 'codeHash' | 'codeHint' | 'soldOn' | 'expiresOn' | 'issuedAt'>,
  soldOn: string | undefined,
  at: Date,
  config: MailConfig,
): Promise<{ voucher: VoucherRow; code: string }> {
  const { code, facts } = await drawCode(tx, at, soldOn);
  const voucher = await repo.insert(tx, { ...values, ...facts, status: 'issued', channel: 'offline' });
  await queueMail(tx, voucher, code, config);
  return { voucher, code };
}
