/**
 * The texts of every e-mail the practice sends, as pure functions: a booking (or the
 * admin's message) in, a rendered message out. Nothing here touches the database or the
 * network; the outbox stores what these return.
 */
import { PAY_DEPOSIT_BY_CARD } from '@shared/card-payments';
import { depositTexts } from '@shared/deposits';
import { formatCents } from '@shared/money';
import { labelNzTimes } from '@shared/time';
import type { Booking, EmailSendInput } from '@shared/schemas/booking';
import type { BookingDeposit } from '@shared/schemas/deposit';
import {
  appointmentRows,
  cancelUrl,
  changeUrl,
  confirmUrl,
  contactLine,
  distanceText,
  formatInstant,
  fullName,
  healthFormUrl,
  practiceRows,
  total,
  when,
} from './booking-facts';
import { cardPaymentsOn, EMAIL_KINDS, type EmailContent, type EmailContext } from './email-kinds';
import { bookingIcs, ICS_CONTENT_TYPE, ICS_FILENAME } from './ics';
import {
  details,
  emailLogo,
  links,
  note,
  oneLine,
  p,
  renderEmail,
  renderHtml,
  signoff,
  type Block,
  type EmailHeader,
} from './render';

export const SUBJECTS = {
  bookingReceived: 'We received your booking request',
  bookingConfirmed: 'Your appointment has been confirmed',
  bookingRejected: 'We are unable to accept your booking request',
  bookingExpired: 'Your booking request has expired',
  bookingCancelledByAdmin: 'Your appointment has been cancelled',
  bookingCancelledByClient: 'Your booking has been cancelled',
  bookingReminder: 'Appointment Reminder',
  bookingRescheduled: 'Your appointment has been moved',
} as const;

/** A message to the booking's client: each client kind has its fixed subject. */
const toClient = (b: Booking, kind: keyof typeof SUBJECTS, attachments?: EmailContent['attachments']): EmailHeader => ({
  kind: EMAIL_KINDS[kind],
  to: b.email,
  subject: SUBJECTS[kind],
  bookingId: b.id,
  attachments,
});
const greeting = (b: Booking) => p(`Hi ${b.firstName},`);
const warmRegards = (ctx: EmailContext) => signoff('Warm regards,', ctx.practice.therapistName, ctx.practice.name);
/**
 * The private link's pages, 'Change time' among them (docs/product.md §4 "Changing a visit"). Inside the change cut-off
 * that page says why it changes nothing online and gives her phone and e-mail.
 */
const viewOrCancel = (b: Booking, ctx: EmailContext) =>
  links(
    { label: 'View your booking', url: confirmUrl(b, ctx), primary: true },
    { label: 'Change time', url: changeUrl(b, ctx) },
    { label: 'Cancel your booking', url: cancelUrl(b, ctx) },
  );
const bookAgain = (label: string, ctx: EmailContext) =>
  links({ label, url: `${ctx.publicUrl}/booking`, primary: true });

/**
 * 'A health form is waiting' (docs/product.md §13): the link when the client has no form or an
 * outdated one. Never anything the form holds.
 */
function healthFormRequest(b: Booking, ctx: EmailContext): Block[] | null {
  if (b.healthForm !== 'missing' && b.healthForm !== 'outdated') return null;
  const ask =
    b.healthForm === 'missing'
      ? 'Please fill in a short health form before your visit.'
      : 'Please check your health form is still right before your visit.';
  return [p(ask), links({ label: 'Fill in your health form', url: healthFormUrl(b, ctx) })];
}

/**
 * The deposit asked (docs/product.md §18.2): how much, the bank account, the reference and the due time
 * in NZ time; the same words as the confirmation page (src/shared/deposits.ts).
 */
export function depositBlocks(deposit: BookingDeposit): Block[] {
  const due = formatInstant(deposit.dueBy) ?? deposit.dueBy;
  return [
    note(
      depositTexts.heading,
      [
        depositTexts.intro(deposit.amountCents),
        depositTexts.account(deposit.bankAccount),
        depositTexts.reference(deposit.reference),
        depositTexts.due(deposit.dueHours, due, deposit.dueBeforeVisit),
      ].join('\n'),
    ),
  ];
}

/** To the client: their request arrived and waits for approval. */
export function requestReceived(b: Booking, ctx: EmailContext): EmailContent {
  const blocks: Block[] = [
    greeting(b),
    p(
      `Thank you for your booking request. It is pending approval: ${ctx.practice.therapistName} will review it and ` +
        `you will receive another e-mail as soon as it has been confirmed or declined.`,
    ),
    // No health details in any e-mail (docs/privacy.md): her screens show them.
    details(appointmentRows(b)),
  ];
  if (b.travelUnresolved) {
    blocks.push(
      note(
        'Travel fee to be confirmed',
        'We could not locate your address automatically, so any travel fee will be confirmed with you before your appointment.',
      ),
    );
  }
  const expires = b.status === 'pending' && b.expiresAt ? formatInstant(b.expiresAt) : null;
  if (expires) {
    blocks.push(p(`If your request has not been answered by ${expires}, it lapses and the time is released.`));
  }
  if (b.deposit) blocks.push(...depositBlocks(b.deposit));
  // Decision 037: with Stripe keys the deposit may be paid by card on the booking's page instead.
  if (b.deposit?.status === 'waiting' && cardPaymentsOn(ctx)) {
    blocks.push(links({ label: PAY_DEPOSIT_BY_CARD, url: `${confirmUrl(b, ctx)}?pay=deposit` }));
  }
  const health = healthFormRequest(b, ctx);
  if (health) blocks.push(...health);
  blocks.push(viewOrCancel(b, ctx), p(`Questions? Contact us at ${contactLine(ctx)}.`), warmRegards(ctx));
  return renderEmail(ctx, toClient(b, 'bookingReceived'), blocks);
}

/** To the practice: a new request, with everything needed to approve or reject it. */
export function practiceNewRequest(b: Booking, ctx: EmailContext): EmailContent {
  const blocks: Block[] = [
    p(`Hi ${ctx.practice.therapistName},`),
    p(`${fullName(b)} has requested a booking for ${when(b)}.`),
  ];
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
    blocks.push(
      note('Outside standard service area', 'This address is in the extended range (30 to 50 km).', 'warning'),
    );
  }
  blocks.push(
    details([
      ...practiceRows(b),
      ['Distance', distanceText(b)],
      ['Price', formatCents(b.price)],
      ['Travel fee', b.travelUnresolved ? `${formatCents(b.travelCost)} (not calculated)` : formatCents(b.travelCost)],
      ['Total', total(b)],
      // The client's words: a time they wrote is read on her clock, so it says so (docs/product.md §17).
      ['Notes', labelNzTimes(b.notes ?? 'None')],
    ]),
  );
  const expires = b.expiresAt ? formatInstant(b.expiresAt) : null;
  if (expires) blocks.push(p(`Unanswered, this request stops holding its time on ${expires}.`));
  blocks.push(links({ label: 'Review pending requests', url: `${ctx.publicUrl}/admin/pending`, primary: true }));
  const subject = `New booking request: ${fullName(b)}, ${when(b)}`;
  return renderEmail(ctx, { kind: EMAIL_KINDS.practiceNewRequest, to: ctx.notifyTo, subject, bookingId: b.id }, blocks);
}

/** To the client: approved, with the admin's note and a calendar file. */
export function confirmed(b: Booking, ctx: EmailContext, now: Date = new Date(), icsSequence = 0): EmailContent {
  const blocks: Block[] = [
    greeting(b),
    p(`Good news: your appointment on ${when(b)} has been confirmed.`),
    details(appointmentRows(b)),
  ];
  if (b.adminNote) blocks.push(note(`A note from ${ctx.practice.therapistName}`, labelNzTimes(b.adminNote)));
  // A visit she booked herself is confirmed at once (docs/product.md §19): this is the client's first e-mail, so it
  // asks for the health form when needed (an approved request asked already, and carries no healthForm here).
  const health = healthFormRequest(b, ctx);
  if (health) blocks.push(...health);
  blocks.push(
    p('A calendar file is attached so you can add the appointment to your calendar.'),
    viewOrCancel(b, ctx),
    p(`If you need to change anything, contact us at ${contactLine(ctx)}.`),
    warmRegards(ctx),
  );
  const ics = { filename: ICS_FILENAME, contentType: ICS_CONTENT_TYPE, content: bookingIcs(b, ctx, now, icsSequence) };
  return renderEmail(ctx, toClient(b, 'bookingConfirmed', [ics]), blocks);
}

/** To the client: the request was declined, with the reason when one was given. */
export function rejected(b: Booking, ctx: EmailContext, depositNote?: string): EmailContent {
  const blocks: Block[] = [
    greeting(b),
    p(
      `Thank you for your booking request. Unfortunately we are unable to accept your request for ${b.serviceName} on ${when(b)}.`,
    ),
  ];
  if (b.adminNote) blocks.push(note('Reason', labelNzTimes(b.adminNote)));
  if (depositNote) blocks.push(p(depositNote));
  blocks.push(
    p(`You are welcome to choose another time, or to contact us at ${contactLine(ctx)} and we will find one together.`),
    bookAgain('Book another time', ctx),
    warmRegards(ctx),
  );
  return renderEmail(ctx, toClient(b, 'bookingRejected'), blocks);
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
    bookAgain('Book another time', ctx),
    warmRegards(ctx),
  ];
  return renderEmail(ctx, toClient(b, 'bookingExpired'), blocks);
}

/** To the client: the practice cancelled (docs/product.md §4: names the date and time, invites them to reschedule). */
export function cancelledByAdmin(b: Booking, ctx: EmailContext, depositNote?: string): EmailContent {
  const blocks: Block[] = [
    greeting(b),
    p(`We are sorry to let you know that your ${b.serviceName} appointment on ${when(b)} has been cancelled.`),
  ];
  if (b.adminNote) blocks.push(note(`A note from ${ctx.practice.therapistName}`, labelNzTimes(b.adminNote)));
  // docs/product.md §18.2: what becomes of a deposit received (kept after a late cancellation, or refunded).
  if (depositNote) blocks.push(p(depositNote));
  blocks.push(
    p(`Please contact us at ${contactLine(ctx)} to reschedule. We apologise for any inconvenience.`),
    bookAgain('Book a new appointment', ctx),
    warmRegards(ctx),
  );
  return renderEmail(ctx, toClient(b, 'bookingCancelledByAdmin'), blocks);
}

/** To the client: confirmation of their own cancellation. */
export function cancelledByClient(b: Booking, ctx: EmailContext, depositNote?: string): EmailContent {
  const blocks: Block[] = [
    greeting(b),
    p(`Your ${b.serviceName} booking on ${when(b)} has been cancelled, as you asked.`),
    ...(depositNote ? [p(depositNote)] : []),
    p(
      `We hope to see you another time. If this was a mistake, you are welcome to book again or contact us at ${contactLine(ctx)}.`,
    ),
    bookAgain('Book a new appointment', ctx),
    warmRegards(ctx),
  ];
  return renderEmail(ctx, toClient(b, 'bookingCancelledByClient'), blocks);
}

/** To the practice: a client cancelled through their link. */
export function practiceClientCancelled(b: Booking, ctx: EmailContext): EmailContent {
  const blocks: Block[] = [
    p(`Hi ${ctx.practice.therapistName},`),
    p(`${fullName(b)} has cancelled their booking for ${when(b)}. The time is free again.`),
    details([...practiceRows(b), ['Total', total(b)]]),
    links({ label: 'Open appointments', url: `${ctx.publicUrl}/admin/appointments`, primary: true }),
  ];
  const subject = `Booking cancelled by client: ${fullName(b)}, ${when(b)}`;
  return renderEmail(
    ctx,
    { kind: EMAIL_KINDS.practiceClientCancelled, to: ctx.notifyTo, subject, bookingId: b.id },
    blocks,
  );
}

/** The time a booking had before a reschedule (docs/product.md §4 "Changing a visit"). */
export interface PreviousTime {
  date: string;
  time: string;
}

/**
 * To the client: their visit moved through the link (docs/product.md §4 "Changing a visit"), with the updated calendar
 * file: the same UID and a higher SEQUENCE, so a calendar app moves the event rather than adding one.
 */
export function rescheduled(
  b: Booking,
  ctx: EmailContext,
  previous: PreviousTime,
  icsSequence: number,
  now: Date = new Date(),
  by: 'client' | 'practice' = 'client',
): EmailContent {
  const status =
    b.status === 'confirmed'
      ? 'It is still confirmed.'
      : `It is still a request: ${ctx.practice.therapistName} will confirm or decline it by e-mail.`;
  const how = by === 'client' ? 'as you asked' : `by ${ctx.practice.therapistName}`;
  const blocks: Block[] = [
    greeting(b),
    p(`Your ${b.serviceName} visit has moved from ${when(previous)} to ${when(b)}, ${how}. ${status}`),
    details(appointmentRows(b)),
    p('The updated calendar file is attached: opening it moves the appointment in your calendar.'),
    viewOrCancel(b, ctx),
    p(`If you need to change anything else, contact us at ${contactLine(ctx)}.`),
    warmRegards(ctx),
  ];
  const ics = { filename: ICS_FILENAME, contentType: ICS_CONTENT_TYPE, content: bookingIcs(b, ctx, now, icsSequence) };
  return renderEmail(ctx, toClient(b, 'bookingRescheduled', [ics]), blocks);
}

/** To the practice: a client moved their visit through the link. */
export function practiceRescheduled(b: Booking, ctx: EmailContext, previous: PreviousTime): EmailContent {
  const status = b.status === 'confirmed' ? 'It stays confirmed.' : 'It is still a request waiting for your answer.';
  const blocks: Block[] = [
    p(`Hi ${ctx.practice.therapistName},`),
    p(
      `${fullName(b)} has moved their visit from ${when(previous)} to ${when(b)}. ${status} The old time is free again.`,
    ),
    details([...practiceRows(b), ['Total', total(b)]]),
    links({ label: 'Open appointments', url: `${ctx.publicUrl}/admin/appointments`, primary: true }),
  ];
  const subject = `Visit moved by client: ${fullName(b)}, now ${when(b)}`;
  return renderEmail(
    ctx,
    { kind: EMAIL_KINDS.practiceBookingRescheduled, to: ctx.notifyTo, subject, bookingId: b.id },
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
    viewOrCancel(b, ctx),
    warmRegards(ctx),
  ];
  return renderEmail(ctx, toClient(b, 'bookingReminder'), blocks);
}

/** POST /api/email/send: the admin's own words, as text and as escaped HTML. */
export function adminMessage(
  input: Pick<EmailSendInput, 'to' | 'subject' | 'message'>,
  ctx: EmailContext,
): EmailContent {
  // Her words as typed, but a time of day she names says NZ time, as in every message (docs/product.md §17).
  const subject = labelNzTimes(oneLine(input.subject));
  const text = labelNzTimes(input.message.replace(/\r\n|\r/g, '\n'));
  return {
    kind: EMAIL_KINDS.adminMessage,
    to: input.to,
    subject,
    // Kept as written, not laid out: the admin's message is already a whole text.
    text: text.endsWith('\n') ? text : `${text}\n`,
    html: renderHtml(subject, [p(text)], ctx.practice, emailLogo(ctx)),
    attachments: [],
    bookingId: null,
  };
}
