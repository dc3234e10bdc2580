/**
 * A gift voucher's PDF (docs/decisions/039-gift-vouchers.md): her logo, who it is for and from, the value,
 * the code in large type, and the expiry date shown prominently (the Fair Trading Act asks it of a gift card). Real
 * text on her letterhead (src/server/pdf-document.ts: DejaVu Sans, tagged, as receipts are, decision 028). Drawn once,
 * when the voucher is issued: the code is not kept, so the PDF travels in the e-mail.
 */
import { formatCents } from '@shared/money';
import { formatShortDate } from '@shared/time';
import { validUntilParts } from '@shared/vouchers';
import { drawLogo, openPdfDocument, textWriter } from '../../pdf-document';

/** What a voucher says. */
export interface VoucherCard {
  practiceName: string;
  /** Where to book: her site's booking page. */
  bookingUrl: string;
  recipientName: string;
  buyerName: string;
  message: string | null;
  valueCents: number;
  /** 'Swedish Massage, 60 min' when it was bought as a massage. */
  serviceLabel: string | null;
  /** As printed: 'GIFT-7K3M-Q9TD-X2RB-HW4P'. */
  code: string;
  soldOn: string;
  expiresOn: string;
}

export const voucherTitle = (c: Pick<VoucherCard, 'practiceName' | 'valueCents'>) =>
  `Gift voucher for ${formatCents(c.valueCents)} from ${c.practiceName}`;

const MARGIN = 56;
const COLORS = { text: '#2d2a26', muted: '#5f5a53', brand: '#3f6f5e', frame: '#c9bfae' };
const LOGO_BOX = { width: 180, height: 72 };

export function renderVoucherPdf(c: VoucherCard, logo: Buffer | null = null): Promise<Buffer> {
  const { doc, done } = openPdfDocument({
    margin: MARGIN,
    title: voucherTitle(c),
    author: c.practiceName,
    subject: 'Gift voucher',
  });
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;

  // A frame round the page: decoration only.
  doc.markContent('Artifact', { type: 'Layout' });
  doc
    .roundedRect(MARGIN / 2, MARGIN / 2, doc.page.width - MARGIN, doc.page.height - MARGIN, 18)
    .lineWidth(3)
    .strokeColor(COLORS.frame)
    .stroke();
  doc.endMarkedContent();

  const text = textWriter(doc, { left, width, size: 14, color: COLORS.text, align: 'center' });

  doc.y = MARGIN + 8;
  if (logo) drawLogo(doc, logo, { box: LOGO_BOX, left, centreIn: width, gap: 14 });
  text(c.practiceName, { size: 18, bold: true, color: COLORS.brand, gap: 0.8 });
  text('Gift voucher', { size: 34, bold: true, gap: 0.6 });
  text(`For ${c.recipientName}`, { size: 18, bold: true });
  text(`From ${c.buyerName}`, { size: 15, color: COLORS.muted, gap: 0.8 });
  if (c.message) text(`“${c.message}”`, { size: 14, gap: 0.8 });

  text(formatCents(c.valueCents), { size: 44, bold: true, color: COLORS.brand });
  if (c.serviceLabel) text(`A ${c.serviceLabel}, or its value towards any visit`, { size: 13, color: COLORS.muted });
  doc.moveDown(1);

  text('Your code', { size: 12, color: COLORS.muted });
  text(c.code, { size: 24, bold: true, gap: 0.8 });
  // The expiry, prominent as the law asks: its date on a line of its own, never broken.
  const until = validUntilParts(c.expiresOn);
  text(until.lead, { size: 16, bold: true });
  text(until.date, { size: 22, bold: true, gap: 0.2 });
  text(`Sold ${formatShortDate(c.soldOn)}`, { size: 12, color: COLORS.muted, gap: 1.2 });

  text('How to use it', { size: 14, bold: true, gap: 0.2 });
  text(
    `Book your visit at ${c.bookingUrl}, then enter the code on your booking's page under 'Have a gift voucher?'. ` +
      'It is taken when your visit is confirmed; what is left stays on the voucher for next time.',
    { size: 12 },
  );

  doc.end();
  return done;
}
