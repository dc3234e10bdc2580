/**
 * The layout every e-mail shares: a message is a list of blocks, rendered once as plain
 * text and once as HTML (inline styles only, as mail clients drop <style>). Every string
 * is escaped in the HTML body; the text body keeps it as typed.
 */
import { LOGO_PNG_WIDTH, logoPngUrl } from '@shared/logo';
import { escapeHtml } from '../../escape-html';
import type { PracticeProfile } from '../../practice-profile';
import type { EmailContent, EmailContext } from './email-kinds';

type Link = { label: string; url: string; primary?: boolean };

export type Block =
  | { type: 'p'; text: string; strong?: boolean }
  | { type: 'details'; rows: [label: string, value: string][] }
  | { type: 'note'; title: string; text: string; tone: 'info' | 'warning' }
  | { type: 'links'; links: Link[] }
  | { type: 'signoff'; lines: string[] };

export const p = (text: string, strong = false): Block => ({ type: 'p', text, strong });
export const details = (rows: [string, string][]): Block => ({ type: 'details', rows });
export const note = (title: string, text: string, tone: 'info' | 'warning' = 'info'): Block => ({
  type: 'note',
  title,
  text,
  tone,
});
export const links = (...items: Link[]): Block => ({ type: 'links', links: items });
export const signoff = (...lines: string[]): Block => ({ type: 'signoff', lines });

/** Escaped, with line breaks kept as <br>. */
const escapeMultiline = (value: string) => escapeHtml(value).replace(/\r\n|\r|\n/g, '<br>\n');

/** A header value must stay on one line. */
export const oneLine = (value: string) =>
  value
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();

export function renderText(blocks: Block[]): string {
  const parts = blocks.map((block) => {
    switch (block.type) {
      case 'p':
        return block.text;
      case 'details': {
        const width = Math.max(...block.rows.map(([label]) => label.length)) + 1;
        return block.rows
          .map(
            ([label, value]) =>
              `${`${label}:`.padEnd(width)} ${value.replace(/\r\n|\r|\n/g, `\n${' '.repeat(width + 1)}`)}`,
          )
          .join('\n');
      }
      case 'note':
        return `${block.tone === 'warning' ? '!! ' : ''}${block.title}:\n${block.text}`;
      case 'links':
        return block.links.map((l) => `${l.label}:\n${l.url}`).join('\n\n');
      case 'signoff':
        return block.lines.join('\n');
    }
  });
  return `${parts.join('\n\n')}\n`;
}

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const COLORS = {
  page: '#f4f1ec',
  card: '#ffffff',
  brand: '#3f6f5e',
  text: '#2d2a26',
  muted: '#6b665f',
  line: '#e7e2da',
};
function renderBlockHtml(block: Block): string {
  switch (block.type) {
    case 'p':
      return `<p style="margin:0 0 16px 0;${block.strong ? 'font-weight:bold;' : ''}">${escapeMultiline(block.text)}</p>`;
    case 'details':
      return (
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px 0;font-size:15px;">` +
        block.rows
          .map(
            ([label, value]) =>
              `<tr><td style="padding:6px 12px 6px 0;border-bottom:1px solid ${COLORS.line};color:${COLORS.muted};vertical-align:top;white-space:nowrap;">${escapeHtml(label)}</td>` +
              `<td style="padding:6px 0;border-bottom:1px solid ${COLORS.line};vertical-align:top;word-break:break-word;">${escapeMultiline(value)}</td></tr>`,
          )
          .join('') +
        `</table>`
      );
    case 'note': {
      const [bg, border] = block.tone === 'warning' ? ['#fff4e5', '#e8a33d'] : ['#eef5f2', COLORS.brand];
      return (
        `<div style="margin:0 0 16px 0;padding:12px 14px;background:${bg};border-left:4px solid ${border};border-radius:4px;">` +
        `<p style="margin:0 0 4px 0;font-weight:bold;">${escapeHtml(block.title)}</p>` +
        `<p style="margin:0;">${escapeMultiline(block.text)}</p></div>`
      );
    }
    case 'links':
      return (
        `<p style="margin:0 0 16px 0;">` +
        block.links
          .map((l) =>
            l.primary
              ? `<a href="${escapeHtml(l.url)}" style="display:inline-block;margin:0 8px 8px 0;padding:10px 18px;background:${COLORS.brand};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">${escapeHtml(l.label)}</a>`
              : `<a href="${escapeHtml(l.url)}" style="display:inline-block;margin:0 8px 8px 0;padding:9px 17px;border:1px solid ${COLORS.brand};color:${COLORS.brand};text-decoration:none;border-radius:6px;">${escapeHtml(l.label)}</a>`,
          )
          .join('') +
        `</p>`
      );
    case 'signoff':
      return `<p style="margin:24px 0 0 0;">${block.lines.map(escapeHtml).join('<br>\n')}</p>`;
  }
}

/** Her logo as an e-mail shows it: the PNG's absolute address and the size it is drawn at (half its pixels). */
export interface EmailLogo {
  url: string;
  width: number;
  height: number;
}

/** At most this tall in the message, however tall the logo. */
const EMAIL_LOGO_MAX_HEIGHT = 96;

/** Her current logo for a message written now (null: none). */
export function emailLogo(ctx: EmailContext): EmailLogo | null {
  const ref = ctx.logo?.current;
  if (!ref) return null;
  let width = LOGO_PNG_WIDTH / 2;
  let height = ref.pngHeight / 2;
  if (height > EMAIL_LOGO_MAX_HEIGHT) {
    width = (width * EMAIL_LOGO_MAX_HEIGHT) / height;
    height = EMAIL_LOGO_MAX_HEIGHT;
  }
  return { url: `${ctx.publicUrl}${logoPngUrl(ref)}`, width: Math.round(width), height: Math.round(height) };
}

/** The logo's row above the name (images off: its alt text, the practice's name, stands in). */
const logoRow = (logo: EmailLogo, name: string) =>
  `<tr><td style="padding:20px 24px 12px 24px;"><img src="${escapeHtml(logo.url)}" width="${logo.width}" height="${logo.height}" alt="${escapeHtml(name)}" style="display:block;border:0;outline:none;text-decoration:none;height:auto;max-width:100%;"></td></tr>\n`;

/** The whole HTML document: her logo (when she has one) and the practice's name as header, its contact as footer. */
export function renderHtml(
  subject: string,
  blocks: Block[],
  practice: PracticeProfile,
  logo: EmailLogo | null = null,
): string {
  const footer = [practice.name, practice.locality, practice.email, practice.phone].map(escapeHtml).join(' &middot; ');
  const nameRadius = logo ? '0' : '8px 8px 0 0';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:${COLORS.page};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.page};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:${COLORS.card};border-radius:8px;font-family:${FONT};color:${COLORS.text};">
${logo ? logoRow(logo, practice.name) : ''}<tr><td style="padding:20px 24px;background:${COLORS.brand};color:#ffffff;font-size:20px;font-weight:bold;border-radius:${nameRadius};">${escapeHtml(practice.name)}</td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5;">
${blocks.map(renderBlockHtml).join('\n')}
</td></tr>
<tr><td style="padding:16px 24px;font-size:13px;line-height:1.4;color:${COLORS.muted};border-top:1px solid ${COLORS.line};">${footer}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

export interface EmailHeader {
  kind: EmailContent['kind'];
  to: string;
  subject: string;
  bookingId: number | null;
  attachments?: EmailContent['attachments'];
}

/** A message from its header fields and its blocks. */
export function renderEmail(ctx: EmailContext, header: EmailHeader, blocks: Block[]): EmailContent {
  const subject = oneLine(header.subject);
  return {
    kind: header.kind,
    to: header.to,
    subject,
    text: renderText(blocks),
    html: renderHtml(subject, blocks, ctx.practice, emailLogo(ctx)),
    attachments: header.attachments ?? [],
    bookingId: header.bookingId,
  };
}
