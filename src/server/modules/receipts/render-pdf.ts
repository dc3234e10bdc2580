/**
 * A receipt's PDF (docs/decisions/028-receipts.md), drawn only from its stored content, so it re-renders the same.
 * Real text in an embedded subset of DejaVu Sans (pdfkit's built-in fonts have no macrons: Whāingaroa), tagged, with
 * a Title and a language, so it is searchable, copyable and read aloud. A4 in one column with large type: it is
 * mostly opened on a phone. About 25 kB and some 15 ms of CPU (docs/performance.md, `npm run bench:receipt`).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatCents } from '@shared/money';
import { formatShortDate } from '@shared/time';
import type { ReceiptContent } from './content';

// Resolved through the package, so it works from src/ (tsx, tests) and from the esbuild bundle in dist/ alike
// (packages stay external there and are read from node_modules at run time).
const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | null = null;
function loadFonts() {
  fonts ??= {
    regular: fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

/**
 * Parsing DejaVu (fontkit) is most of a receipt's CPU time (~45 of ~60 ms per font on the bench machine): the parsed
 * fonts are kept and handed to each new document, which still makes its own subset. This reaches into pdfkit's
 * internals (`_fontFamilies`, the EmbeddedFont class; pdfkit 0.17), so it checks their shape and, if they change,
 * falls back to pdfkit parsing the fonts itself: slower, never wrong (tests/api/receipts.test.ts reads the PDFs back).
 */
interface FontInternals {
  _fontFamilies: Record<string, { font?: unknown; constructor: unknown } | undefined>;
  _fontCount: number;
  _font: unknown;
  font(name: string): unknown;
}
type EmbeddedFontClass = new (doc: unknown, font: unknown, id: string) => { name?: string };
let parsed: { Embedded: EmbeddedFontClass; fonts: Record<string, unknown> } | null = null;

function reuseParsedFonts(doc: PDFKit.PDFDocument): void {
  const d = doc as unknown as FontInternals;
  if (typeof d._fontFamilies !== 'object' || typeof d._fontCount !== 'number') return;
  if (parsed) {
    for (const name of ['Sans', 'Sans-Bold']) {
      const font = new parsed.Embedded(doc, parsed.fonts[name], `F${++d._fontCount}`);
      d._fontFamilies[name] = font;
      if (font.name) d._fontFamilies[font.name] = font;
    }
    return;
  }
  // The first document parses them as pdfkit does; what it parsed is kept for the next ones.
  const fonts: Record<string, unknown> = {};
  let Embedded: unknown = null;
  for (const name of ['Sans', 'Sans-Bold']) {
    d.font(name);
    const embedded = d._fontFamilies[name];
    if (!embedded?.font) return;
    fonts[name] = embedded.font;
    Embedded = embedded.constructor;
  }
  if (typeof Embedded === 'function') parsed = { Embedded: Embedded as EmbeddedFontClass, fonts };
}

const MARGIN = 48;
const COLORS = { text: '#2d2a26', muted: '#5f5a53', brand: '#3f6f5e', line: '#d9d3c9' };

/** Her logo in LOGO_BOX at the top left, kept in proportion; an artifact to screen readers (her name follows). */
function drawLogo(doc: PDFKit.PDFDocument, png: Buffer, left: number): void {
  // A PNG's size is in its IHDR chunk, right after the signature.
  const scale = Math.min(LOGO_BOX.width / png.readUInt32BE(16), LOGO_BOX.height / png.readUInt32BE(20));
  const width = png.readUInt32BE(16) * scale;
  const height = png.readUInt32BE(20) * scale;
  const top = doc.y;
  doc.markContent('Artifact', { type: 'Layout' });
  doc.image(png, left, top, { width, height });
  doc.endMarkedContent();
  doc.x = left;
  doc.y = top + height + 12;
}

/** 'Tax invoice 12' — the document's Title (shown by viewers instead of the file name). */
export const receiptTitle = (c: Pick<ReceiptContent, 'title' | 'number' | 'seller'>) =>
  `${c.title} ${c.number} from ${c.seller.name}`;

/** Her logo's box at the top of the page (points): a wide logo meets the width, a photo the height. */
const LOGO_BOX = { width: 160, height: 64 };

/**
 * Draws the receipt; `logo` is her current logo's PNG (issue 40), drawn above her name. It is branding, not the
 * receipt's content: a receipt drawn again shows the logo she has then (or none).
 */
export function renderReceiptPdf(c: ReceiptContent, logo: Buffer | null = null): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // No default font: pdfkit would parse Helvetica's metrics for every document and write its font object,
    // unused (DejaVu is set before any text).
    font: '',
    pdfVersion: '1.7',
    tagged: true,
    lang: 'en-NZ',
    displayTitle: true,
    info: { Title: receiptTitle(c), Author: c.seller.name, Subject: c.description, Creator: 'Homevisit' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.registerFont('Sans', regular);
  doc.registerFont('Sans-Bold', bold);
  reuseParsedFonts(doc);
  const width = doc.page.width - 2 * MARGIN;
  const left = MARGIN;

  const text = (s: string, opts: { size?: number; bold?: boolean; color?: string; gap?: number } = {}) => {
    doc
      .font(opts.bold ? 'Sans-Bold' : 'Sans')
      .fontSize(opts.size ?? 13)
      .fillColor(opts.color ?? COLORS.text)
      .text(s, left, undefined, { width });
    if (opts.gap) doc.moveDown(opts.gap);
  };
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

  if (logo) drawLogo(doc, logo, left);
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
