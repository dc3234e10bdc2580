/**
 * The e-mails of a regular's series (docs/product.md §4 "Regulars"): the client gets one message
 * per change of the series (made, extended, a date moved, cancelled from a date), each listing the dates, every
 * time of day marked NZ time (docs/product.md §17), with the series' calendar file attached; never one per visit. She
 * is told when the extension finds dates that do not fit. No health details, as in every e-mail.
 */
import { DAY_NAMES } from '@shared/constants';
import { EMAIL_KINDS, type EmailKind } from '@shared/schemas/outbox';
import { dayOfWeek, formatLongDate, formatNzTime, labelNzTimes } from '@shared/time';
import { bookingConfirmPath } from '@shared/booking-paths';
import type { EmailContent, EmailContext } from './email-kinds';
import { details, links, p, renderEmail, signoff, type Block } from './render';
import { SERIES_ICS_FILENAME } from './series-ics';
import { ICS_CONTENT_TYPE } from './ics';

export const SERIES_SUBJECTS = {
  seriesBooked: 'Your regular visits are booked',
  seriesUpdated: 'Your regular visits have changed',
  seriesCancelled: 'Your regular visits have been cancelled',
  practiceSeriesConflicts: 'Regular visits need your choice',
} as const;

/** 'Wednesday, March 4, 2026' */
export const longDay = (date: string) => `${DAY_NAMES[dayOfWeek(date)]}, ${formatLongDate(date)}`;
const every = (weeks: number) => (weeks === 1 ? 'every week' : `every ${weeks} weeks`);

export interface SeriesMailFacts {
  seriesId: number;
  /** The booking the series was made from: the outbox files its messages under it. */
  originBookingId: number;
  firstName: string;
  lastName: string;
  email: string;
  serviceName: string;
  duration: number;
  address: string;
  everyWeeks: number;
  time: string;
  /** The visits the series holds from now on, in order. */
  visits: readonly { date: string; time: string; cancelToken: string }[];
  /** Dates of the pattern with no visit for now, and why (her message gives the reasons; the client's, the dates). */
  notBooked: readonly { date: string; reasons: readonly string[] }[];
  /** Visits this change cancelled. */
  cancelled: readonly { date: string; time: string }[];
  /** The series' calendar file. */
  ics: string;
}

const visitRows = (visits: SeriesMailFacts['visits']): [string, string][] =>
  visits.map((v) => [longDay(v.date), formatNzTime(v.time)]);

function toClient(kind: keyof typeof SERIES_SUBJECTS, f: SeriesMailFacts) {
  return {
    kind: EMAIL_KINDS[kind] as EmailKind,
    to: f.email,
    subject: SERIES_SUBJECTS[kind],
    bookingId: f.originBookingId,
    attachments: [{ filename: SERIES_ICS_FILENAME, contentType: ICS_CONTENT_TYPE, content: f.ics }],
  };
}

function clientBlocks(f: SeriesMailFacts, ctx: EmailContext, intro: string): Block[] {
  const blocks: Block[] = [p(`Hi ${f.firstName},`), p(intro)];
  if (f.cancelled.length > 0) {
    blocks.push(p('Cancelled:', true), details(visitRows(f.cancelled.map((c) => ({ ...c, cancelToken: '' })))));
  }
  if (f.visits.length > 0) {
    blocks.push(
      p(`Your visits: ${f.serviceName} (${f.duration} minutes) at ${f.address}, ${every(f.everyWeeks)}.`, true),
      details(visitRows(f.visits)),
    );
  }
  if (f.notBooked.length > 0) {
    blocks.push(
      p(
        `Not booked at your usual time: ${f.notBooked.map((n) => longDay(n.date)).join('; ')}. ` +
          `${ctx.practice.therapistName} will let you know about these dates.`,
      ),
    );
  }
  if (f.visits.length > 0) {
    blocks.push(
      p(
        'The attached calendar file adds these visits to your calendar as one repeating event. ' +
          'You will get a reminder before each visit as usual, and each visit can be viewed or cancelled on its own page:',
      ),
      links(
        ...f.visits.map((v, i) => ({
          label: `${longDay(v.date)}`,
          url: `${ctx.publicUrl}${bookingConfirmPath(v.cancelToken)}`,
          primary: i === 0,
        })),
      ),
    );
  }
  blocks.push(
    p(`Questions? Contact us at ${ctx.practice.email} or ${ctx.practice.phone}.`),
    signoff('Warm regards,', ctx.practice.therapistName, ctx.practice.name),
  );
  return blocks;
}

/** The series is made: every visit it booked, in one message, with the calendar file. */
export function seriesBooked(f: SeriesMailFacts, ctx: EmailContext): EmailContent {
  const intro = `${ctx.practice.therapistName} has booked your regular visits ${every(f.everyWeeks)} at ${formatNzTime(f.time)}.`;
  return renderEmail(ctx, toClient('seriesBooked', f), clientBlocks(f, ctx, intro));
}

/** The series changed: a date moved to another time, or new dates booked as the booking window moved. */
export function seriesUpdated(f: SeriesMailFacts, ctx: EmailContext, what: string): EmailContent {
  return renderEmail(ctx, toClient('seriesUpdated', f), clientBlocks(f, ctx, what));
}

/** Cancelled from a date on: the dates cancelled, any visits left, and the calendar file that drops them. */
export function seriesCancelled(f: SeriesMailFacts, ctx: EmailContext, from: string): EmailContent {
  const intro = `Your regular visits from ${longDay(from)} on have been cancelled.`;
  return renderEmail(ctx, toClient('seriesCancelled', f), clientBlocks(f, ctx, intro));
}

/** To her: the extension found dates that do not fit; she picks another time or skips them. */
export function practiceSeriesConflicts(f: SeriesMailFacts, ctx: EmailContext): EmailContent {
  const blocks: Block[] = [
    p(`Hi ${ctx.practice.therapistName},`),
    p(
      `The regular visits of ${f.firstName} ${f.lastName} (${f.serviceName}, ${every(f.everyWeeks)} at ` +
        `${formatNzTime(f.time)}) reached new dates, and these do not fit at the usual time:`,
    ),
    // The reasons are the availability's words ('Before opening at 9:00 AM'): their times are marked too.
    details(f.notBooked.map((n) => [longDay(n.date), labelNzTimes(n.reasons.join('; '))])),
  ];
  if (f.visits.length > 0) blocks.push(p('Booked as usual:', true), details(visitRows(f.visits)));
  blocks.push(
    p('Open the series to pick one of the nearest times that fit, or skip the date.'),
    links({ label: 'Open appointments', url: `${ctx.publicUrl}/admin/appointments`, primary: true }),
  );
  return renderEmail(
    ctx,
    {
      kind: EMAIL_KINDS.practiceSeriesConflicts,
      to: ctx.notifyTo,
      subject: SERIES_SUBJECTS.practiceSeriesConflicts,
      bookingId: f.originBookingId,
    },
    blocks,
  );
}
