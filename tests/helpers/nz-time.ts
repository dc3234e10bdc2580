/**
 * The outside check of issue 26: every time of day in a message, to her or a client, says NZ time. A message
 * is composed as the mail worker sends it (nodemailer) and read back as a mail client reads it (mailparser).
 */
import { simpleParser } from 'mailparser';
import { createTransport } from 'nodemailer';

/** A 12-hour time of day as the messages write it ('9:00 AM', '11:30pm'). */
const TIME_OF_DAY = /\b\d{1,2}:\d{2}\s?(?:AM|PM)\b/gi;
/** What must follow it: the zone words, nothing in between but spaces. */
const ZONE_AFTER = /^\s*\(NZ time\)/;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: { filename: string; contentType: string; content: string }[];
}

/** Each time of day in `text` not followed by the zone words, with a little of what surrounds it. */
export function timesWithoutZone(text: string): string[] {
  const bare: string[] = [];
  for (const m of text.matchAll(TIME_OF_DAY)) {
    const end = m.index + m[0].length;
    if (!ZONE_AFTER.test(text.slice(end))) bare.push(text.slice(Math.max(0, m.index - 40), end + 20));
  }
  return bare;
}

/** An HTML body as its reader sees the words: tags gone (as a space), the few entities the layout uses decoded. */
export function htmlWords(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

/** The message as a mail client reads it, and every time of day in its subject, text and HTML that lacks the zone. */
export async function checkNzTimes(mail: OutgoingMail) {
  const info = await composer.sendMail({
    from: 'practice@example.nz',
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    attachments: mail.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: a.content,
    })),
  });
  const parsed = await simpleParser(info.message);
  const html = typeof parsed.html === 'string' ? parsed.html : '';
  return {
    parsed,
    bare: {
      subject: timesWithoutZone(parsed.subject ?? ''),
      text: timesWithoutZone(parsed.text ?? ''),
      html: timesWithoutZone(htmlWords(html)),
    },
    /** How many times of day the message holds (a test that finds none checks nothing). */
    times: (parsed.text ?? '').match(TIME_OF_DAY)?.length ?? 0,
    calendars: parsed.attachments
      .filter((a) => a.contentType.startsWith('text/calendar'))
      .map((a) => a.content.toString('utf8')),
  };
}
