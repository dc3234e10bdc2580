/**
 * The receipt e-mail (docs/product.md §18.3): the PDF attached (base64 in the outbox, so its bytes travel intact), and
 * the few figures in the body for a client who cannot open it. Written only from the receipt's stored content, so a
 * re-send says what the first one said.
 */
import { formatCents } from '@shared/money';
import { formatNzDateTime, formatShortDate } from '@shared/time';
import { EMAIL_KINDS, type EmailContent, type EmailContext } from '../mail/email-kinds';
import { details, p, renderEmail, signoff } from '../mail/render';
import type { ReceiptContent } from './content';

/** 'receipt-12.pdf' (the download's name too). */
export const receiptFilename = (number: number) => `receipt-${number}.pdf`;

/** 'Your tax invoice 12 from Whāingaroa Mobile Massage'. */
export const receiptSubject = (c: Pick<ReceiptContent, 'title' | 'number' | 'seller'>) =>
  `Your ${c.title.toLowerCase()} ${c.number} from ${c.seller.name}`;

export function receiptEmail(
  c: ReceiptContent,
  to: { email: string; firstName: string },
  pdf: Buffer,
  bookingId: number,
  ctx: EmailContext,
): EmailContent {
  const what = c.title.toLowerCase();
  const rows: [string, string][] = [
    ['Number', String(c.number)],
    ['Issued', formatShortDate(c.issuedOn)],
    ['Visit', `${c.visit.service}, ${formatNzDateTime(c.visit.date, c.visit.time)}`],
    [c.kind === 'credit-note' ? 'Credited' : 'Total', formatCents(c.totalCents)],
  ];
  if (c.gstCents !== null) rows.push(['GST included', formatCents(c.gstCents)]);
  if (c.kind === 'receipt') rows.push(['Paid', formatCents(c.receivedCents)]);
  if (c.balanceCents > 0) rows.push(['Still owing', formatCents(c.balanceCents)]);
  if (c.replaces !== null) rows.push(['Replaces', `Receipt ${c.replaces}`]);
  if (c.relatesTo !== null) rows.push(['Relates to', `Receipt ${c.relatesTo}`]);
  return renderEmail(
    ctx,
    {
      kind: EMAIL_KINDS.receipt,
      to: to.email,
      subject: receiptSubject(c),
      bookingId,
      attachments: [
        {
          filename: receiptFilename(c.number),
          contentType: 'application/pdf',
          content: pdf.toString('base64'),
          encoding: 'base64',
        },
      ],
    },
    [
      p(`Hi ${to.firstName},`),
      p(`Your ${what} from ${c.seller.name} is attached as a PDF. Keep it for your insurer or employer if they ask.`),
      details(rows),
      signoff('Thank you,', ctx.practice.therapistName, c.seller.name),
    ],
  );
}
