/**
 * Every e-mail the practice sends, as pure functions: a booking (or the admin's message)
 * in, subject + text body + HTML body + attachments out. Nothing here touches the
 * database or the network; the outbox stores what these return.
 *
 * Dates and times are always Pacific/Auckland ('March 5, 2025', '2:30 PM'), money is
 * '$80.00', and every user-supplied string is escaped in the HTML body.
 */
import type { Booking, EmailSendInput } from '@shared/schemas/booking';
import { formatCents } from '@shared/money';
import { formatLongDate, formatTime12, nzDateOf, nzTimeOf } from '@shared/time';
import type { AppConfig } from '../../config';
import type { OutboxAttachment } from '../../db/schema';
import type { PracticeProfile } from '../../practice-profile';
import { bookingIcs, ICS_CONTENT_TYPE, ICS_FILENAME } from './ics';

export interface EmailContent {
  kind: string;
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
}

export const EMAIL_KINDS = {
  bookingReceived: 'booking_received',
  practiceNewRequest: 'practice_new_request',
  bookingConfirmed: 'booking_confirmed',
  bookingRejected: 'booking_rejected',
  bookingExpired: 'booking_expired',
  bookingCancelledByAdmin: 'booking_cancelled_by_admin',
  bookingCancelledByClient: 'booking_cancelled_by_client',
  practiceClientCancelled: 'practice_client_cancelled',
  bookingReminder: 'booking_reminder',
  adminMessage: 'admin_message',
} as const;

export const SUBJECTS = {
  bookingReceived: 'We received your booking request',
  bookingConfirmed: 'Your appointment has been confirmed',
  bookingRejected: 'We are unable to accept your booking request',
  bookingExpired: 'Your booking request has expired',
  bookingCancelledByAdmin: 'Your appointment has been cancelled',
  bookingCancelledByClient: 'Your booking has been cancelled',
  bookingReminder: 'Appointment Reminder',
} as const;

/** The context the templates need, from the server configuration. */
export function emailContext(config: Pick<AppConfig, 'practice' | 'publicUrl' | 'mail'>): EmailContext {
  return { practice: config.practice, publicUrl: config.publicUrl.replace(/\/+$/, ''), notifyTo: config.mail.notifyTo };
}

// ---------------------------------------------------------------------------------------
// Building blocks, rendered once as plain text and once as HTML.

type Block =
  | { type: 'p'; text: string; strong?: boolean }
  | { type: 'details'; rows: [label: string, value: string][] }
  | { type: 'note'; title: string; text: string; tone: 'info' | 'warning' }
  | { type: 'links'; links: { label: string; url: string; primary?: boolean }[] }
  | { type: 'signoff'; lines: string[] };

const p = (text: string, strong = false): Block => ({ type: 'p', text, strong });
const details = (rows: [string, string][]): Block => ({ type: 'details', rows });
const note = (title: string, text: string, tone: 'info' | 'warning' = 'info'): Block => ({ type: 'note', title, text, tone });
const links = (...items: { label: string; url: string; primary?: boolean }[]): Block => ({ type: 'links', links: items });
const signoff = (ctx: EmailContext): Block => ({
  type: 'signoff',
  lines: ['Warm regards,', ctx.practice.therapistName, ctx.practice.name],
});

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Escaped, with line breaks kept as <br>. */
const escapeMultiline = (value: string) => escapeHtml(value).replace(/\r\n|\r|\n/g, '<br>\n');

/** A header value must stay on one line. */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').replace(/\s{2,}/g, ' ').trim();

function renderText(blocks: Block[]): string {
  const parts = blocks.map((block) => {
    switch (block.type) {
      case 'p':
        return block.text;
      case 'details': {
        const width = Math.max(...block.rows.map(([label]) => label.length)) + 1;
        return block.rows
          .map(([label, value]) => `${`${label}:`.padEnd(width)} ${value.replace(/\r\n|\r|\n/g, `\n${' '.repeat(width + 1)}`)}`)
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
const COLORS = { page: '#f4f1ec', card: '#ffffff', brand: '#3f6f5e', text: '#2d2a26', muted: '#6b665f', line: '#e7e2da' };

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

function renderHtml(subject: string, blocks: Block[], ctx: EmailContext): string {
  const { practice } = ctx;
  const footer = [practice.name, practice.locality, practice.email, practice.phone].map(escapeHtml).join(' &middot; ');
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
<tr><td style="padding:20px 24px;background:${COLORS.brand};color:#ffffff;font-size:20px;font-weight:bold;border-radius:8px 8px 0 0;">${escapeHtml(practice.name)}</td></tr>
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

function build(
  ctx: EmailContext,
  fields: { kind: string; to: string; subject: string; bookingId: number | null; attachments?: OutboxAttachment[] },
  blocks: Block[],
): EmailContent {
  const subject = oneLine(fields.subject);
  return {
    kind: fields.kind,
    to: fields.to,
    subject,
    text: renderText(blocks),
    html: renderHtml(subject, blocks, ctx),
    attachments: fields.attachments ?? [],
    bookingId: fields.bookingId,
  };
}

// ---------------------------------------------------------------------------------------
// Booking facts, formatted once.

const confirmUrl = (b: Booking, ctx: EmailContext) => `${ctx.publicUrl}/booking/confirm/${encodeURIComponent(b.cancelToken)}`;
const cancelUrl = (b: Booking, ctx: EmailContext) => `${ctx.publicUrl}/booking/cancel/${encodeURIComponent(b.cancelToken)}`;
const when = (b: Booking) => `${formatLongDate(b.date)} at ${formatTime12(b.time)}`;
const fullName = (b: Booking) => `${b.firstName} ${b.lastName}`;
const greeting = (b: Booking) => p(`Hi ${b.firstName},`);

/** An ISO instant as an Auckland date and time: 'March 3, 2025 at 2:00 PM'. */
function formatInstant(iso: string): string | null {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return null;
  return `${formatLongDate(nzDateOf(instant))} at ${formatTime12(nzTimeOf(instant))}`;
}

function distanceText(b: Booking): string {
  if (b.travelUnresolved || b.distanceKm === null) return 'Unknown (address could not be located)';
  const km = `${Number(b.distanceKm).toFixed(1)} km`;
  return b.travelTimeMinutes ? `${km}, about ${b.travelTimeMinutes} min travel` : km;
}

/** Service, duration, date, time, address and money: what the client agreed to. */
function appointmentRows(b: Booking): [string, string][] {
  const rows: [string, string][] = [
    ['Service', b.serviceName],
    ['Duration', `${b.duration} minutes`],
    ['Date', formatLongDate(b.date)],
    ['Time', `${formatTime12(b.time)} (NZ time)`],
    ['Address', b.isOutsideServiceArea ? `${b.address}\n(Outside standard service area)` : b.address],
    ['Price', formatCents(b.price)],
  ];
  if (b.travelCost > 0) rows.push(['Travel fee', formatCents(b.travelCost)]);
  rows.push(['Total', formatCents(b.price + b.travelCost)]);
  return rows;
}

function injuryText(b: Booking): string {
  if (!b.hasInjuries) return 'None reported';
  return b.injuryDetails ? b.injuryDetails : 'Client has reported injuries or medical conditions';
}

const contactLine = (ctx: EmailContext) => `${ctx.practice.email} or ${ctx.practice.phone}`;

// ---------------------------------------------------------------------------------------
// The messages.

/** To the client: their request arrived and waits for approval. */
export function requestReceived(b: Booking, ctx: EmailContext): EmailContent {
  const blocks: Block[] = [
    greeting(b),
    p(
      `Thank you for your booking request. It is pending approval: ${ctx.practice.therapistName} will review it and ` +
        `you will receive another e-mail as soon as it has been confirmed or declined.`,
    ),
    details([...appointmentRows(b), ...(b.hasInjuries ? ([['Injuries', injuryText(b)]] as [string, string][]) : [])]),
  ];
  if (b.travelUnresolved) {
    blocks.push(note('Travel fee to be confirmed', 'We could not locate your address automatically, so any travel fee will be confirmed with you before your appointment.'));
  }
  const expires = b.status === 'pending' && b.expiresAt ? formatInstant(b.expiresAt) : null;
  if (expires) {
    blocks.push(p(`If your request has not been answered by ${expires} (NZ time), it lapses and the time is released.`));
  }
  blocks.push(
    links({ label: 'View your booking', url: confirmUrl(b, ctx), primary: true }, { label: 'Cancel your booking', url: cancelUrl(b, ctx) }),
    p(`Questions? Contact us at ${contactLine(ctx)}.`),
    signoff(ctx),
  );
  return build(ctx, { kind: EMAIL_KINDS.bookingReceived, to: b.email, subject: SUBJECTS.bookingReceived, bookingId: b.id }, blocks);
}

/** To the practice: a new request, with everything needed to approve or reject it. */
export function practiceNewRequest(b: Booking, ctx: EmailContext): EmailContent {
  const blocks: Block[] = [p(`Hi ${ctx.practice.therapistName},`), p(`${fullName(b)} has requested a booking for ${when(b)}.`)];
  if (b.travelUnresolved) {
    blocks.push(
      note(
        'Address could not be located',
        'The address could not be located, so the distance and travel fee were not calculated. Please check the address and travel fee before approving.',
        'warning',
      ),
    );
  }
  if (b.isOutsideServiceArea) {
    blocks.push(note('Outside standard service area', 'This address is in the extended range (30 to 50 km).', 'warning'));
  }
  blocks.push(
    details([
      ['Client', fullName(b)],
      ['Phone', b.phone],
      ['E-mail', b.email],
      ['Service', b.serviceName],
      ['Duration', `${b.duration} minutes`],
      ['Date', formatLongDate(b.date)],
      ['Time', formatTime12(b.time)],
      ['Address', b.address],
      ['Distance', distanceText(b)],
      ['Price', formatCents(b.price)],
      ['Travel fee', b.travelUnresolved ? `${formatCents(b.travelCost)} (not calculated)` : formatCents(b.travelCost)],
      ['Total', formatCents(b.price + b.travelCost)],
      ['Injuries', injuryText(b)],
      ['Notes', b.notes ?? 'None'],
    ]),
  );
  const expires = b.expiresAt ? formatInstant(b.expiresAt) : null;
  if (expires) blocks.push(p(`Unanswered, this request stops holding its time on ${expires}.`));
  blocks.push(links({ label: 'Review pending requests', url: `${ctx.publicUrl}/admin/pending`, primary: true }));
  return build(
    ctx,
    { kind: EMAIL_KINDS.practiceNewRequest, to: ctx.notifyTo, subject: `New booking request: ${fullName(b)}, ${when(b)}`, bookingId: b.id },
    blocks,
  );
}

/** To the client: approved, with the admin's note and a calendar file. */
export function confirmed(b: Booking, ctx: EmailContext, now: Date = new Date()): EmailContent {
  const blocks: Block[] = [
    greeting(b),
    p(`Good news: your appointment on ${when(b)} has been confirmed.`),
    details(appointmentRows(b)),
  ];
  if (b.adminNote) blocks.push(note(`A note from ${ctx.practice.therapistName}`, b.adminNote));
  blocks.push(
    p('A calendar file is attached so you can add the appointment to your calendar.'),
    links({ label: 'View your booking', url: confirmUrl(b, ctx), primary: true }, { label: 'Cancel your booking', url: cancelUrl(b, ctx) }),
    p(`If you need to change anything, contact us at ${contactLine(ctx)}.`),
    signoff(ctx),
  );
  return build(
    ctx,
    {
      kind: EMAIL_KINDS.bookingConfirmed,
      to: b.email,
      subject: SUBJECTS.bookingConfirmed,
      bookingId: b.id,
      attachments: [{ filename: ICS_FILENAME, contentType: ICS_CONTENT_TYPE, content: bookingIcs(b, ctx, now) }],
    },
    blocks,
  );
}

/** To the client: the request was declined, with the reason when one was given. */
export function rejected(b: Booking, ctx: EmailContext): EmailContent {
  const blocks: Block[] = [
    greeting(b),
    p(`Thank you for your booking request. Unfortunately we are unable to accept your request for ${b.serviceName} on ${when(b)}.`),
  ];
  if (b.adminNote) blocks.push(note('Reason', b.adminNote));
  blocks.push(
    p(`You are welcome to choose another time, or to contact us at ${contactLine(ctx)} and we will find one together.`),
    links({ label: 'Book another time', url: `${ctx.publicUrl}/booking`, primary: true }),
    signoff(ctx),
  );
  return build(ctx, { kind: EMAIL_KINDS.bookingRejected, to: b.email, subject: SUBJECTS.bookingRejected, bookingId: b.id }, blocks);
}

/** To the client: their request was not answered in time and no longer holds the slot. */
export function expired(b: Booking, ctx: EmailContext): EmailContent {
  const blocks: Block[] = [
    greeting(b),
    p(
      `We are sorry: your booking request for ${b.serviceName} on ${when(b)} could not be answered in time, ` +
        'so it has lapsed and the time has been released. No appointment has been made.',
    ),
    p(`You are welcome to choose another time, or to contact us at ${contactLine(ctx)}.`),
    links({ label: 'Book another time', url: `${ctx.publicUrl}/booking`, primary: true }),
    signoff(ctx),
  ];
  return build(ctx, { kind: EMAIL_KINDS.bookingExpired, to: b.email, subject: SUBJECTS.bookingExpired, bookingId: b.id }, blocks);
}

/** To the client: the practice cancelled (SPEC §4: names the date and time, invites them to reschedule). */
export function cancelledByAdmin(b: Booking, ctx: EmailContext): EmailContent {
  const blocks: Block[] = [
    greeting(b),
    p(`We are sorry to let you know that your ${b.serviceName} appointment on ${formatLongDate(b.date)} at ${formatTime12(b.time)} has been cancelled.`),
  ];
  if (b.adminNote) blocks.push(note(`A note from ${ctx.practice.therapistName}`, b.adminNote));
  blocks.push(
    p(`Please contact us at ${contactLine(ctx)} to reschedule. We apologise for any inconvenience.`),
    links({ label: 'Book a new appointment', url: `${ctx.publicUrl}/booking`, primary: true }),
    signoff(ctx),
  );
  return build(
    ctx,
    { kind: EMAIL_KINDS.bookingCancelledByAdmin, to: b.email, subject: SUBJECTS.bookingCancelledByAdmin, bookingId: b.id },
    blocks,
  );
}

/** To the client: confirmation of their own cancellation. */
export function cancelledByClient(b: Booking, ctx: EmailContext): EmailContent {
  const blocks: Block[] = [
    greeting(b),
    p(`Your ${b.serviceName} booking on ${when(b)} has been cancelled, as you asked.`),
    p(`We hope to see you another time. If this was a mistake, you are welcome to book again or contact us at ${contactLine(ctx)}.`),
    links({ label: 'Book a new appointment', url: `${ctx.publicUrl}/booking`, primary: true }),
    signoff(ctx),
  ];
  return build(
    ctx,
    { kind: EMAIL_KINDS.bookingCancelledByClient, to: b.email, subject: SUBJECTS.bookingCancelledByClient, bookingId: b.id },
    blocks,
  );
}

/** To the practice: a client cancelled through their link. */
export function practiceClientCancelled(b: Booking, ctx: EmailContext): EmailContent {
  const blocks: Block[] = [
    p(`Hi ${ctx.practice.therapistName},`),
    p(`${fullName(b)} has cancelled their booking for ${when(b)}. The time is free again.`),
    details([
      ['Client', fullName(b)],
      ['Phone', b.phone],
      ['E-mail', b.email],
      ['Service', b.serviceName],
      ['Duration', `${b.duration} minutes`],
      ['Date', formatLongDate(b.date)],
      ['Time', formatTime12(b.time)],
      ['Address', b.address],
      ['Total', formatCents(b.price + b.travelCost)],
    ]),
    links({ label: 'Open appointments', url: `${ctx.publicUrl}/admin/appointments`, primary: true }),
  ];
  return build(
    ctx,
    {
      kind: EMAIL_KINDS.practiceClientCancelled,
      to: ctx.notifyTo,
      subject: `Booking cancelled by client: ${fullName(b)}, ${when(b)}`,
      bookingId: b.id,
    },
    blocks,
  );
}

/** To the client: a reminder of a confirmed appointment. */
export function reminder(b: Booking, ctx: EmailContext): EmailContent {
  const blocks: Block[] = [
    greeting(b),
    p(`This is a friendly reminder about your upcoming appointment on ${when(b)} with ${ctx.practice.therapistName}.`),
    details(appointmentRows(b)),
    p(`If you can no longer make it, please cancel using the link below or contact us at ${contactLine(ctx)}.`),
    links({ label: 'View your booking', url: confirmUrl(b, ctx), primary: true }, { label: 'Cancel your booking', url: cancelUrl(b, ctx) }),
    signoff(ctx),
  ];
  return build(ctx, { kind: EMAIL_KINDS.bookingReminder, to: b.email, subject: SUBJECTS.bookingReminder, bookingId: b.id }, blocks);
}

/** POST /api/email/send: the admin's own words, as text and as escaped HTML. */
export function adminMessage(input: Pick<EmailSendInput, 'to' | 'subject' | 'message'>, ctx: EmailContext): EmailContent {
  const subject = oneLine(input.subject);
  const text = input.message.replace(/\r\n|\r/g, '\n');
  return {
    kind: EMAIL_KINDS.adminMessage,
    to: input.to,
    subject,
    text: text.endsWith('\n') ? text : `${text}\n`,
    html: renderHtml(subject, [p(text)], ctx),
    attachments: [],
    bookingId: null,
  };
}
