/**
 * A gift voucher's e-mails (docs/product.md §18.5): the recipient's, with the voucher's PDF, queued for the day the
 * buyer chose; and the buyer's note that it is bought and when it goes, with a copy to print. Written when the voucher
 * is issued (the code exists only then) and stored whole in the outbox.
 */
import { formatCents } from '@shared/money';
import { formatLongDate } from '@shared/time';
import { validUntilText } from '@shared/vouchers';
import { EMAIL_KINDS, type EmailContent, type EmailContext } from '../mail/email-kinds';
import { details, links, p, renderEmail, signoff } from '../mail/render';
import type { VoucherCard } from './render-pdf';

export const voucherFilename = 'gift-voucher.pdf';

const attachment = (pdf: Buffer) => ({
  filename: voucherFilename,
  contentType: 'application/pdf',
  content: pdf.toString('base64'),
  encoding: 'base64' as const,
});

const facts = (c: VoucherCard): [string, string][] => [
  ['Value', formatCents(c.valueCents)],
  ...(c.serviceLabel ? [['For', c.serviceLabel] as [string, string]] : []),
  ['Code', c.code],
  ['Expires', validUntilText(c.expiresOn).replace(/^Valid until /, '')],
];

/** To the recipient, on the day chosen. */
export function voucherEmail(c: VoucherCard, to: string, pdf: Buffer, ctx: EmailContext): EmailContent {
  return renderEmail(
    ctx,
    {
      kind: EMAIL_KINDS.giftVoucher,
      to,
      subject: `${c.buyerName} sent you a gift voucher for ${ctx.practice.name}`,
      bookingId: null,
      attachments: [attachment(pdf)],
    },
    [
      p(`Hi ${c.recipientName},`),
      p(
        `${c.buyerName} has given you a gift voucher for a massage with ${ctx.practice.name}. It is attached as a PDF.`,
      ),
      ...(c.message ? [p(`“${c.message}”`)] : []),
      details(facts(c)),
      p(
        `${validUntilText(c.expiresOn)}. Book a visit, then enter the code on your booking's page under ` +
          "'Have a gift voucher?': it is taken when your visit is confirmed, and what is left stays for next time.",
      ),
      links({ label: 'Book a visit', url: c.bookingUrl, primary: true }),
      signoff('See you soon,', ctx.practice.therapistName, ctx.practice.name),
    ],
  );
}

/** To the buyer, when the payment arrives. */
export function voucherBoughtEmail(
  c: VoucherCard,
  to: string,
  sendOn: string,
  pdf: Buffer,
  ctx: EmailContext,
): EmailContent {
  return renderEmail(
    ctx,
    {
      kind: EMAIL_KINDS.giftVoucherBought,
      to,
      subject: `Your gift voucher for ${c.recipientName}`,
      bookingId: null,
      attachments: [attachment(pdf)],
    },
    [
      p(`Hi ${c.buyerName},`),
      p(
        `Thank you: your gift voucher for ${c.recipientName} is paid. It will be e-mailed to them on ` +
          `${formatLongDate(sendOn)}. A copy is attached, in case you would like to print it.`,
      ),
      details(facts(c)),
      signoff('Thank you,', ctx.practice.therapistName, ctx.practice.name),
    ],
  );
}
