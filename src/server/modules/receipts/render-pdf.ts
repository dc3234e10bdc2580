/**
 * A receipt's PDF (docs/decisions/028-receipts.md), drawn only from its stored content, so it re-renders the same.
 * On her letterhead (src/server/pdf-document.ts: DejaVu Sans, tagged, her logo). A4 in one column with large type: it
 * is mostly opened on a phone. About 25 kB and some 15 ms of CPU (docs/performance.md, `npm run bench:receipt`).
 */
import { formatCents } from '@shared/money';
import { formatShortDate } from '@shared/time';
import { drawLogo, openPdfDocument, textWriter } from '../../pdf-document';
import type { ReceiptContent } from './content';

const MARGIN = 48;
const COLORS = { text: '#2d2a26', muted: '#5f5a53', brand: '#3f6f5e', line: '#d9d3c9' };

/** 'Tax invoice 12' — the document's Title (shown by viewers instead of the file name). */
export const receiptTitle = (c: Pick<ReceiptContent, 'title' | 'number' | 'seller'>) =>
  `${c.title} ${c.number} from ${c.seller.name}`;

/** Her logo's box at the top of the page (points): a wide logo meets the width, a photo the height. */
const LOGO_BOX = { width: 160, height: 64 };

/**
 * Draws the receipt; `logo` is her current logo's PNG (docs/product.md §19), drawn above her name. It is branding, not
 * the receipt's content: a receipt drawn again shows the logo she has then (or none).
 */
export function renderReceiptPdf(c: ReceiptContent, logo: Buffer | null = null): Promise<Buffer> {
  const { doc, done } = openPdfDocument({
    margin: MARGIN,
    title: receiptTitle(c),
    author: c.seller.name,
    subject: c.description,
  });
  const width = doc.page.width - 2 * MARGIN;
  const left = MARGIN;

  const text = textWriter(doc, { left, width, size: 13, color: COLORS.text });
  /** A label on the left and an amount on the right, on one line. */
  const row = (label: string, cents: number, opts: { bold?: boolean } = {}) => {
    const y = doc.y;
    const font = opts.bold ? 'Sans-Bold' : 'Sans';
    doc.font(font).fontSize(13).fillColor(COLORS.text);
    const amount = formatCents(cents);
    const amountWidth = doc.widthOfString(amount);
    doc.text(label, left, y, { width: width - amountWidth - 16 });
    const after = doc.y;
    doc.text(amount, left + width - amountWidth, y, { lineBreak: false });
    doc.x = left;
    doc.y = Math.max(after, y + doc.currentLineHeight(true)) + 4;
  };
  const rule = () => {
    doc.moveDown(0.4);
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(1)
      .strokeColor(COLORS.line)
      .stroke();
    doc.moveDown(0.6);
  };

  if (logo) drawLogo(doc, logo, { box: LOGO_BOX, left, gap: 12 });
  // Who issues it and what it is.
  text(c.seller.name, { size: 16, bold: true, color: COLORS.brand });
  text(c.seller.address, { size: 12, color: COLORS.muted });
  text(`${c.seller.email} · ${c.seller.phone}`, { size: 12, color: COLORS.muted });
  if (c.seller.gstNumber) text(`GST number: ${c.seller.gstNumber}`, { size: 12, color: COLORS.muted });
  if (c.seller.membership) text(c.seller.membership, { size: 12, color: COLORS.muted });
  doc.moveDown(1);
  text(`${c.title} ${c.number}`, { size: 26, bold: true });
  text(`Date issued: ${formatShortDate(c.issuedOn)}`, { size: 13 });
  if (c.replaces !== null) text(`Replaces receipt ${c.replaces}`, { size: 13, bold: true });
  if (c.relatesTo !== null) text(`Relates to receipt ${c.relatesTo}`, { size: 13, bold: true });
  rule();

  // To whom, for what.
  text(`Client: ${c.buyer.name}`, { bold: true });
  if (c.buyer.address) text(`Address: ${c.buyer.address}`);
  doc.moveDown(0.5);
  text(c.description, { size: 13, gap: 0.6 });

  for (const line of c.lines) row(line.description, line.amountCents);
  rule();
  row(c.kind === 'credit-note' ? 'Total credited' : 'Total', c.totalCents, { bold: true });
  if (c.gstCents !== null) text(`Total includes GST of ${formatCents(c.gstCents)}`, { size: 13 });
  rule();

  // What was paid.
  text(c.kind === 'credit-note' ? 'Payments and refunds' : 'Payments', { size: 14, bold: true, gap: 0.3 });
  if (c.payments.length === 0) text('None', { color: COLORS.muted });
  for (const p of c.payments) row(`${formatShortDate(p.paidAt)} · ${p.label} · ${p.methodLabel}`, p.amountCents);
  doc.moveDown(0.3);
  row('Received', c.receivedCents, { bold: true });
  row(c.balanceCents > 0 ? 'Balance owing' : 'Balance', c.balanceCents, { bold: true });
  doc.moveDown(1.5);
  text(c.balanceCents > 0 ? `Please pay the balance to ${c.seller.name}.` : 'Thank you.', {
    size: 12,
    color: COLORS.muted,
  });

  doc.end();
  return done;
}
