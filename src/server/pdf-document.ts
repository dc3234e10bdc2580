/**
 * The letterhead every PDF of hers shares (receipts, decision 028; gift vouchers, decision 039): an A4 document in an
 * embedded subset of DejaVu Sans (pdfkit's built-in fonts have no macrons: Whāingaroa), tagged, with a Title and a
 * language, so it is searchable, copyable and read aloud; and her logo fitted in a box. About 25 kB and some 15 ms
 * of CPU for a receipt (docs/performance.md, `npm run bench:receipt`).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

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
 * Parsing DejaVu (fontkit) is most of a document's CPU time (~45 of ~60 ms per font on the bench machine): the parsed
 * fonts are kept and handed to each new document, which still makes its own subset. This reaches into pdfkit's
 * internals (`_fontFamilies`, the EmbeddedFont class; pdfkit 0.17), so it checks their shape and, if they change,
 * falls back to pdfkit parsing the fonts itself: slower, never wrong (tests/api/receipts.test.ts and
 * tests/api/vouchers.test.ts read the PDFs back).
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

export interface PdfDocumentInfo {
  margin: number;
  /** The document's Title (viewers show it instead of the file name). */
  title: string;
  /** Her practice's name. */
  author: string;
  subject: string;
}

/**
 * A new A4 document with the fonts 'Sans' and 'Sans-Bold' registered, and the promise of its bytes once `doc.end()`
 * is called.
 */
export function openPdfDocument(info: PdfDocumentInfo): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: info.margin,
    // No default font: pdfkit would parse Helvetica's metrics for every document and write its font object,
    // unused (DejaVu is set before any text).
    font: '',
    pdfVersion: '1.7',
    tagged: true,
    lang: 'en-NZ',
    displayTitle: true,
    info: { Title: info.title, Author: info.author, Subject: info.subject, Creator: 'Homevisit' },
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
  return { doc, done };
}

/**
 * Her logo (a PNG) fitted in `box` and kept in proportion (a wide logo meets the width, a photo the height), at the
 * current y: at `left`, or centred in the `centreIn` points that start there. An artifact to screen readers (her name
 * follows it). The text goes on `gap` points below it.
 */
export function drawLogo(
  doc: PDFKit.PDFDocument,
  png: Buffer,
  o: { box: { width: number; height: number }; left: number; centreIn?: number; gap: number },
): void {
  // A PNG's size is in its IHDR chunk, right after the signature.
  const scale = Math.min(o.box.width / png.readUInt32BE(16), o.box.height / png.readUInt32BE(20));
  const width = png.readUInt32BE(16) * scale;
  const height = png.readUInt32BE(20) * scale;
  const top = doc.y;
  const x = o.centreIn === undefined ? o.left : o.left + (o.centreIn - width) / 2;
  doc.markContent('Artifact', { type: 'Layout' });
  doc.image(png, x, top, { width, height });
  doc.endMarkedContent();
  doc.x = o.left;
  doc.y = top + height + o.gap;
}

export interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: string;
  /** Lines of space after it (pdfkit's moveDown). */
  gap?: number;
}

/** Writes a paragraph in the column `left`..`left + width`, below what was written before. */
export function textWriter(
  doc: PDFKit.PDFDocument,
  column: { left: number; width: number; size: number; color: string; align?: 'left' | 'center' },
): (s: string, style?: TextStyle) => void {
  return (s, style = {}) => {
    doc
      .font(style.bold ? 'Sans-Bold' : 'Sans')
      .fontSize(style.size ?? column.size)
      .fillColor(style.color ?? column.color)
      .text(s, column.left, undefined, { width: column.width, align: column.align ?? 'left' });
    if (style.gap) doc.moveDown(style.gap);
  };
}
